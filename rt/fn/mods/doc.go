// Package mods holds, one package per module, Go versions of the Ruby
// functions that Debian-packaged Puppet modules (other than stdlib) call
// from their manifests and templates. Each package registers its module's
// functions from init; generated code imports a package when its module is
// in the environment (see fn.ModuleLibraries).
package mods
