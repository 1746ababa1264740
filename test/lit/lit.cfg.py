# lit configuration for errlint's rule, CLI and plugin suites.
import os
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
# npm (which installs the SARIF validator) needs its home, configuration and
# proxy settings.
for var, value in os.environ.items():
    if var == "HOME" or var.lower().startswith(("npm_config_", "http_proxy", "https_proxy", "no_proxy")):
        config.environment[var] = value

inputs = os.path.join(config.test_source_root, "Inputs")
here = config.test_source_root
# clang-tidy with errlint's plugin and only errlint's checks; %tidy runs the
# same analysis as %errlint, inside the clang-tidy the plugin is built for.
# Longer names come first: lit substitutes in order.
config.substitutions.append(
    ("%tidy_plugin_wrong_release", config.errlint_tidy_plugin_wrong_release))
config.substitutions.append(("%tidy_plugin", config.errlint_tidy_plugin))
config.substitutions.append(("%clang_tidy", config.clang_tidy))
config.substitutions.append(
    ("%tidy", "%s -load %s '--checks=-*,errlint-*' --quiet"
     % (config.clang_tidy, config.errlint_tidy_plugin)))
# A clang-tidy of another release, when one is installed (scripts/setup.sh
# installs Debian's default clang-tidy-14).
for release in range(int(config.llvm_version_major) - 1, 13, -1):
    other = "/usr/lib/llvm-%d/bin/clang-tidy" % release
    if os.path.exists(other):
        config.available_features.add("other-clang-tidy")
        config.substitutions.append(("%other_clang_tidy", other))
        break
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
                                      config.npm_prefix)))
config.substitutions.append(("%python", config.python))
config.substitutions.append(
    ("%check_examples", "%s %s" % (config.python, os.path.join(here, "check_examples.py"))))
# Flags every analysis test compiles with.
config.substitutions.append(("%cxxflags", "-std=c++17 -I" + inputs))
