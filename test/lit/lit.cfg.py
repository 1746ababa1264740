# lit configuration for errlint's rule, CLI and plugin suites.
import os
import shlex
import lit.formats

config.name = "errlint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test"]
config.excludes = ["Inputs", "concurrent-close.cpp.json"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(config.errlint), "..", "test", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["LC_ALL"] = "C"

inputs = os.path.join(config.test_source_root, "Inputs")
here = config.test_source_root
# In a sanitized build (ERRLINT_SANITIZE, feature 'sanitized') the plugin is
# instrumented but clang-tidy is not, and the plugin cannot load unless the
# ASan runtime comes first: %clang_tidy is then a wrapper that preloads it
# (one word, so that it also works where CMake takes it, as in
# CMAKE_CXX_CLANG_TIDY). Only clang-tidy gets the runtime: errlint links it
# itself, and the other tools (python, FileCheck) are not instrumented.
# Tests that cannot work there say 'UNSUPPORTED: sanitized', with the reason:
# tidy/other-release.test, because UBSan's vptr checks make the plugin refer
# to clang's type_info objects, which the loader binds at load time, so a
# clang-tidy of another release (lacking some of them) refuses the plugin
# before its version guard can run.
clang_tidy = config.clang_tidy
if config.asan_runtime:
    config.available_features.add("sanitized")
    clang_tidy = os.path.join(config.test_exec_root, "clang-tidy-asan")
    os.makedirs(config.test_exec_root, exist_ok=True)
    with open(clang_tidy, "w") as f:
        f.write('#!/bin/sh\nLD_PRELOAD=%s exec %s "$@"\n'
                % (shlex.quote(config.asan_runtime),
                   shlex.quote(config.clang_tidy)))
    os.chmod(clang_tidy, 0o755)

# clang-tidy with errlint's plugin and only errlint's checks; %tidy runs the
# same analysis as %errlint, inside the clang-tidy the plugin is built for.
# Longer names come first: lit substitutes in order.
config.substitutions.append(
    ("%tidy_plugin_wrong_release", config.errlint_tidy_plugin_wrong_release))
config.substitutions.append(("%tidy_plugin", config.errlint_tidy_plugin))
config.substitutions.append(("%clang_tidy", clang_tidy))
config.substitutions.append(
    ("%tidy", "%s -load %s '--checks=-*,errlint-*' --quiet"
     % (clang_tidy, config.errlint_tidy_plugin)))
# The LLVM release this build is against: 'llvm-19', 'llvm-22' for REQUIRES
# and %if, where clang itself behaves differently between releases.
config.available_features.add("llvm-" + config.llvm_version_major)
config.substitutions.append(("%llvm_release", config.llvm_release))
config.substitutions.append(("%llvm_major", config.llvm_version_major))
# %same_findings CLI TIDY: the CLI's and the plugin's outputs are the same
# (test/lit/same_findings.py says what clang-tidy 22 renders differently).
config.substitutions.append(
    ("%same_findings", "%s %s%s" % (
        config.python,
        shlex.quote(os.path.join(config.errlint_src_root, "test", "lit",
                                 "same_findings.py")),
        "" if int(config.llvm_version_major) < 22 else
        " --ignore-snippet-order")))
# A clang-tidy of another release, when one is installed (scripts/setup.sh
# installs Debian's default clang-tidy-14).
for release in [r for r in range(14, 31)
                if r != int(config.llvm_version_major)]:
    other = "/usr/lib/llvm-%d/bin/clang-tidy" % release
    if os.path.exists(other):
        config.available_features.add("other-clang-tidy")
        config.substitutions.append(("%other_clang_tidy", other))
        break
# The other release errlint builds for, when installed: its clang-tidy must
# refuse this build's plugin and say how to build one for it.
for release in ("19", "22"):
    other = "/usr/lib/llvm-%s/bin/clang-tidy" % release
    if release != config.llvm_version_major and os.path.exists(other):
        config.available_features.add("other-supported-clang-tidy")
        config.substitutions.append(("%supported_clang_tidy", other))
        config.substitutions.append(("%supported_major", release))
config.substitutions.append(("%errlint", config.errlint))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("%lit_src", config.test_source_root))
config.substitutions.append(("%rules_dir", os.path.join(config.errlint_src_root, "rules")))
config.substitutions.append(("%src_root", config.errlint_src_root))
config.substitutions.append(("%examples", os.path.join(config.errlint_src_root, "examples")))
config.substitutions.append(("%seed_records", os.path.join(config.errlint_src_root, "rules", "records")))
config.substitutions.append(
    ("%expect_exit", "%s %s" % (config.python, os.path.join(here, "expect_exit.py"))))
config.substitutions.append(
    ("%sarif_validate", "%s %s %s" % (config.python, os.path.join(here, "sarif_validate.py"),
                                      shlex.quote(config.sarif_multitool or "-"))))
# %with_server KIND DIR -- COMMAND: COMMAND with a cache server on a free
# loopback port ($PORT), stopped at the end (with_server.py).
config.substitutions.append(
    ("%with_server", "%s %s --redis-server=%s --nginx=%s"
     % (config.python, os.path.join(here, "with_server.py"),
        shlex.quote(config.redis_server), shlex.quote(config.nginx))))
config.substitutions.append(("%redis_cli", config.redis_cli))
config.substitutions.append(("%python", config.python))
config.substitutions.append(
    ("%check_examples", "%s %s" % (config.python, os.path.join(here, "check_examples.py"))))
# Flags every analysis test compiles with.
config.substitutions.append(("%cxxflags", "-std=c++17 -I" + inputs))
