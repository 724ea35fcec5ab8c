# -*- Python -*-
# lit configuration for LoopUArch's tool and plugin tests.
import os
import lit.formats

config.name = "LoopUArch"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".s", ".test", ".c", ".ll", ".txt"]
config.excludes = ["Inputs", "check-json.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.luarch_obj_root, "test", "lit")

# LLVM 22's own tools first (FileCheck, not, count, llvm-mc, clang).
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.luarch_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["LC_ALL"] = "C"

config.substitutions.append(("%loop-uarch-report",
                             os.path.join(config.luarch_tools_dir,
                                          "loop-uarch-report")))
config.substitutions.append(("%loop-uarch-coverage",
                             os.path.join(config.luarch_obj_root, "tools",
                                          "loop-uarch-coverage",
                                          "loop-uarch-coverage")))
config.substitutions.append(("%clang", os.path.join(config.llvm_tools_dir,
                                                    "clang")))
config.substitutions.append(("%llvm-mc", os.path.join(config.llvm_tools_dir,
                                                      "llvm-mc")))
config.substitutions.append(("%shared", config.luarch_shared_dir))
config.substitutions.append(("%plugin", config.luarch_plugin))
config.substitutions.append(("%python", config.python_executable))

if os.path.isdir(os.path.join(config.luarch_shared_dir, "data", "bhive")):
    config.available_features.add("shared-data")
if os.path.exists(config.luarch_plugin):
    config.available_features.add("plugin")
# lld-22 (clang -fuse-ld=lld looks beside itself): LTO with the plugin.
if os.path.exists(os.path.join(config.llvm_tools_dir, "ld.lld")):
    config.available_features.add("lld")

import platform
if platform.machine() in ("x86_64", "AMD64") and platform.system() == "Linux":
    config.available_features.add("x86_64-linux")
