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

inputs = os.path.join(config.test_source_root, "Inputs")
here = config.test_source_root
config.substitutions.append(("%errlint", config.errlint))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("%rules_dir", os.path.join(config.errlint_src_root, "rules")))
config.substitutions.append(("%src_root", config.errlint_src_root))
config.substitutions.append(("%examples", os.path.join(config.errlint_src_root, "examples")))
config.substitutions.append(("%seed_records", os.path.join(config.errlint_src_root, "rules", "records")))
config.substitutions.append(
    ("%expect_exit", "%s %s" % (config.python, os.path.join(here, "expect_exit.py"))))
config.substitutions.append(
    ("%check_examples", "%s %s" % (config.python, os.path.join(here, "check_examples.py"))))
# Flags every analysis test compiles with.
config.substitutions.append(("%cxxflags", "-std=c++17 -I" + inputs))
