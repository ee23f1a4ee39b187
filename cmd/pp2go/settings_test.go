package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/conformance"
)

// TestBuildSettings builds environments with the settings that decide what
// a build reads (issue 13) and compares the binaries' catalogs and errors,
// under --puppet 7 and 8, with Puppet's: testdata/settings/expected/7 and
// /8 are the oracle's compile-catalog under Puppet 7.23 and 8.10 with the
// same settings (testdata/settings/gen.sh).
//
//   - code replaces the main manifest; its resources' file is "" and its
//     errors name no file; with confdir moved, the global Hiera layer is
//     $confdir/hiera.yaml; environment.conf's static_catalogs shows in
//     $settings::*; environment.conf's config_version command ran at build
//     and its output (stripped, as TypeCollection#version strips it) is
//     the catalogs' version.
//   - default_manifest is the manifest of an environment whose
//     environment.conf names none.
//   - disable_per_environment_manifest with an environment.conf manifest
//     fails every compile with Puppet's error.
//
// The binary refuses to change a setting the build read, saying why.
func TestBuildSettings(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command to build the environments")
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "settings"))
	require.NoError(t, err)
	envDir, env2 := filepath.Join(dir, "env"), filepath.Join(dir, "env2")
	noModules := t.TempDir()
	build := func(env string, settings ...string) string {
		t.Helper()
		binary := filepath.Join(t.TempDir(), "catalog")
		args := []string{"build", env, "-o", binary, "--work", t.TempDir(), "--basemodulepath", noModules}
		for _, s := range settings {
			args = append(args, "--setting", s)
		}
		_, stderr, err := run(t, ".", args...)
		require.NoError(t, err, stderr)
		return binary
	}
	compile := func(binary, facts string, args ...string) ([]byte, string, error) {
		cmd := exec.Command(binary, append([]string{"compile", "n1", "--facts", filepath.Join(dir, facts), "-q"}, args...)...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		return out, stderr.String(), err
	}
	expected := func(puppet, name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, "expected", puppet, name))
		require.NoError(t, err)
		return b
	}
	sameCatalog := func(puppet, name string, got []byte, root string) {
		t.Helper()
		diffs, err := conformance.DiffCatalogs(expected(puppet, name), got, root)
		require.NoError(t, err)
		require.Empty(t, diffs, "Puppet %s: %s differs", puppet, name)
	}
	sameError := func(puppet, name, stderr string) {
		t.Helper()
		require.Equal(t, "Error: "+strings.TrimSpace(string(expected(puppet, name))), strings.TrimSpace(stderr), "Puppet %s: %s", puppet, name)
	}

	code := "include m\nnotify { \"code\": message => $settings::code }\nif $facts[\"bad\"] { notify { \"x\": message => $nope } }"
	bin := build(envDir, "code="+code, "confdir="+filepath.Join(envDir, "conf"))
	for _, puppet := range []string{"7", "8"} {
		out, stderr, err := compile(bin, "facts.json", "--puppet", puppet)
		require.NoError(t, err, stderr)
		sameCatalog(puppet, "code.json", out, envDir)
		require.Contains(t, string(out), `"version":"v-42"`, "environment.conf's config_version")
		require.Contains(t, string(out), `"file":"","line":2`, "the code's resources have the file \"\"")
		_, stderr, err = compile(bin, "facts-bad.json", "--puppet", puppet, "--setting", "strict_variables=true")
		require.Error(t, err)
		sameError(puppet, "code_unknown.error", stderr)
	}
	_, stderr, err := compile(bin, "facts.json", "--setting", "code=notice(1)")
	require.Error(t, err)
	require.Contains(t, stderr, `setting "code" cannot be set here: the code replaces the main manifest, which the build compiles; give it to pp2go build (--setting code='notice(1)')`)
	_, stderr, err = compile(bin, "facts.json", "--setting", "hiera_config=/x.yaml")
	require.Error(t, err)
	require.Contains(t, stderr, `setting "hiera_config" cannot be set here: the build compiles the Hiera configuration and data in`)
	_, stderr, err = compile(bin, "facts.json", "--setting", "storeconfigs=true")
	require.Error(t, err)
	require.Contains(t, stderr, "storeconfigs=true needs --puppetdb URL")
	_, stderr, err = compile(bin, "facts.json", "--setting", "storeconfigs=false", "--setting", "static_catalogs=true")
	require.NoError(t, err, stderr)

	bin = build(env2, "default_manifest=alt.pp")
	for _, puppet := range []string{"7", "8"} {
		out, stderr, err := compile(bin, "facts.json", "--puppet", puppet)
		require.NoError(t, err, stderr)
		sameCatalog(puppet, "default_manifest.json", out, env2)
	}

	bin = build(envDir, "default_manifest="+filepath.Join(envDir, "manifests"), "disable_per_environment_manifest=true")
	for _, puppet := range []string{"7", "8"} {
		_, stderr, err := compile(bin, "facts.json", "--puppet", puppet)
		require.Error(t, err)
		sameError(puppet, "disable.error", stderr)
	}

	// Puppet's hook on disable_per_environment_manifest (defaults.rb)
	_, _, err = run(t, ".", "build", envDir, "-o", filepath.Join(t.TempDir(), "x"), "--setting", "disable_per_environment_manifest=true")
	require.ErrorContains(t, err, "The 'default_manifest' setting must be set to an absolute path when 'disable_per_environment_manifest' is true")
}

// A config_version command that fails stops the build with the error
// Puppet fails every compile with (TypeCollection#version): the
// ExecutionFailure texts are Puppet::Util::Execution.execute's, run under
// 7.23 for a script that prints "oops" and exits 3, and for a command that
// does not exist.
func TestConfigVersionFails(t *testing.T) {
	for script, want := range map[string]string{
		"#!/bin/sh\necho oops\nexit 3\n": "Execution of config_version command `%s` failed: Execution of '%s' returned 3: oops",
		"":                               "Execution of config_version command `%s` failed: Execution of '%s' returned 1: ",
	} {
		dir := writeEnv(t, map[string]string{
			"environment.conf":  "config_version = version.sh\n",
			"manifests/site.pp": "notify { 'x': }\n",
		})
		cmd := filepath.Join(dir, "version.sh")
		if script != "" {
			require.NoError(t, os.WriteFile(cmd, []byte(script), 0o755))
		}
		_, err := generateWith(t, dir, false)
		require.EqualError(t, err, strings.ReplaceAll(want, "%s", cmd))
	}
}
