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
# Under -DLUARCH_SANITIZE (docs/robustness.md) sanitizer reports fail the
# test. The instrumented plugin runs in Debian's uninstrumented clang only
# with the ASan runtime preloaded; clang's deliberate leaks at exit are not
# ours to report. Without a runtime to preload, plugin tests are skipped.
clang = os.path.join(config.llvm_tools_dir, "clang")
sanitize = getattr(config, "luarch_sanitize", "")
plugin_runnable = True
if sanitize:
    config.available_features.add("sanitize")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    config.environment["ASAN_OPTIONS"] = "abort_on_error=0:detect_leaks=1"
    preload = getattr(config, "luarch_sanitizer_preload", "")
    if "address" in sanitize:
        if preload:
            clang = "env LD_PRELOAD=%s ASAN_OPTIONS=detect_leaks=0 %s" % (
                preload, clang)
        else:
            plugin_runnable = False
config.substitutions.append(("%clang", clang))
config.substitutions.append(("%llvm-mc", os.path.join(config.llvm_tools_dir,
                                                      "llvm-mc")))
config.substitutions.append(("%shared", config.luarch_shared_dir))
config.substitutions.append(("%plugin", config.luarch_plugin))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%luarch_version", config.luarch_version))
config.substitutions.append(("%llvm_version", config.llvm_version))
config.substitutions.append(("%luarch_obj_root", config.luarch_obj_root))
config.substitutions.append(("%luarch_src_root", config.luarch_src_root))
# Configure a downstream CMake project with the build's own compiler,
# launcher (ccache) and generator: %cmake_configure -S <src> -B <build> ...
config.substitutions.append(("%cmake_configure", " ".join(
    ['"%s"' % config.cmake_command, '-G', '"%s"' % config.cmake_generator,
     '-DCMAKE_MAKE_PROGRAM="%s"' % config.make_program,
     '-DCMAKE_CXX_COMPILER="%s"' % config.cxx_compiler,
     '-DCMAKE_CXX_COMPILER_LAUNCHER="%s"' % config.cxx_launcher,
     '-DCMAKE_BUILD_TYPE=Release'])))
config.substitutions.append(("%cmake", '"%s"' % config.cmake_command))

if os.path.isdir(os.path.join(config.luarch_shared_dir, "data", "bhive")):
    config.available_features.add("shared-data")
if os.path.exists(config.luarch_plugin) and plugin_runnable:
    config.available_features.add("plugin")
# lld-22 (clang -fuse-ld=lld looks beside itself): LTO with the plugin.
if os.path.exists(os.path.join(config.llvm_tools_dir, "ld.lld")):
    config.available_features.add("lld")

import shutil
# The man page is checked with groff when it is there (groff-base).
if shutil.which("groff"):
    config.available_features.add("groff")

import platform
if platform.machine() in ("x86_64", "AMD64") and platform.system() == "Linux":
    config.available_features.add("x86_64-linux")
