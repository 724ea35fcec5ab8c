# Install rules and the CMake package (find_package(LoopUArch)).
#
#   cmake --install build --prefix <prefix>
#
# installs the tools (bin/), the clang plugin (lib/LoopUArch.so), the static
# libraries and their exported targets LoopUArch::<Layer> (lib/, lib/cmake/
# LoopUArch/), the public headers (include/luarch/), the docs
# (share/doc/LoopUArch/) and the man page (share/man/man1/). Nothing
# installed refers to the build tree: the only run path is LLVM's library
# directory, which the build uses too.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The libraries, layer by layer (see lib/CMakeLists.txt), and the names a
# downstream project links: LoopUArch::Kernel, ::Model, ::Analysis, ::Sim,
# ::Report (the whole pipeline: analyzeKernel), ::Measure, ::Passes.
set(LUARCH_EXPORTED_LIBRARIES
  luarchKernel Kernel
  luarchModel Model
  luarchAnalysis Analysis
  luarchSim Sim
  luarchReport Report
  luarchMeasure Measure
  luarchPasses Passes)
set(LUARCH_LIBRARY_TARGETS)
while(LUARCH_EXPORTED_LIBRARIES)
  list(POP_FRONT LUARCH_EXPORTED_LIBRARIES Target ExportName)
  set_target_properties(${Target} PROPERTIES EXPORT_NAME ${ExportName})
  # The headers, for the build tree and for the installed package.
  target_include_directories(${Target} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${CMAKE_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${Target} PUBLIC cxx_std_17)
  list(APPEND LUARCH_LIBRARY_TARGETS ${Target})
endwhile()

# Executables and the plugin find libLLVM where the build found it.
set_target_properties(loop-uarch-report loop-uarch-coverage LoopUArch
  PROPERTIES INSTALL_RPATH "${LLVM_LIBRARY_DIR}")

install(TARGETS loop-uarch-report loop-uarch-coverage
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS LoopUArch
  EXPORT LoopUArchTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
set_target_properties(LoopUArch PROPERTIES EXPORT_NAME Plugin)
install(TARGETS ${LUARCH_LIBRARY_TARGETS}
  EXPORT LoopUArchTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/luarch
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
install(FILES ${CMAKE_BINARY_DIR}/include/luarch/Config/Version.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/luarch/Config)

set(LUARCH_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/LoopUArch)
install(EXPORT LoopUArchTargets
  NAMESPACE LoopUArch::
  DESTINATION ${LUARCH_CMAKE_DIR})
configure_package_config_file(
  ${CMAKE_SOURCE_DIR}/cmake/LoopUArchConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/LoopUArchConfig.cmake
  INSTALL_DESTINATION ${LUARCH_CMAKE_DIR})
# 0.x: a new minor version may change the API.
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/LoopUArchConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_BINARY_DIR}/cmake/LoopUArchConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/LoopUArchConfigVersion.cmake
  DESTINATION ${LUARCH_CMAKE_DIR})

install(FILES ${CMAKE_SOURCE_DIR}/README.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
file(GLOB LUARCH_DOCS ${CMAKE_SOURCE_DIR}/docs/*.md)
install(FILES ${LUARCH_DOCS} DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${CMAKE_SOURCE_DIR}/docs/loop-uarch-report.1
  DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
