// Package mods holds, one package per module, Go versions of the Ruby
// functions of Debian-packaged Puppet modules (other than stdlib) that
// pp2go does not translate yet (each package's ruby.sha256 says why); the
// modules' other functions are translated from their Ruby. Each package
// registers its module's functions from init; generated code imports a
// package when its module is in the environment (see fn.ModuleLibraries).
package mods
