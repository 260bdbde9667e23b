# `cmake --install` gives a CMake package: the libraries with their headers
# (include/fireplane/<layout of the source tree>), the `fireplane` program,
# the machine files, the guest-side headers and the SPARC build function.
# A user's project then does find_package(Fireplane) and links
# Fireplane::session (examples/embed); fireplane_add_rtl() puts a Verilog
# block of theirs on the platform (examples/rtl_block).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(fireplane_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/Fireplane)
set(fireplane_libraries
  core model_common cache mmu sparc_iss cpu devices pci fireplane firelink sun4u platform rsp gdb session
  rtl)
foreach(lib ${fireplane_libraries})
  set_target_properties(fireplane_${lib} PROPERTIES EXPORT_NAME ${lib})
  list(APPEND fireplane_targets fireplane_${lib})
endforeach()

install(TARGETS ${fireplane_targets} EXPORT FireplaneTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fireplane)
install(TARGETS fireplane RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY core models platform DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fireplane
        FILES_MATCHING PATTERN "*.h" PATTERN "tests" EXCLUDE)
install(DIRECTORY sw/lib/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fireplane/sw/lib
        FILES_MATCHING PATTERN "*.h")
install(DIRECTORY configs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/fireplane/configs)
# RTL: the AXI4-Lite slave front end users may build their blocks on.
install(FILES models/rtl/blocks/axil_slave.sv DESTINATION ${CMAKE_INSTALL_DATADIR}/fireplane/rtl)

install(EXPORT FireplaneTargets NAMESPACE Fireplane:: DESTINATION ${fireplane_cmake_dir})
configure_package_config_file(cmake/FireplaneConfig.cmake.in
  ${CMAKE_BINARY_DIR}/FireplaneConfig.cmake
  INSTALL_DESTINATION ${fireplane_cmake_dir}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/FireplaneConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/FireplaneConfig.cmake
              ${CMAKE_BINARY_DIR}/FireplaneConfigVersion.cmake
              cmake/SparcPrograms.cmake
              cmake/FireplaneRtl.cmake
              cmake/rtl_model_type.cpp.in
              cmake/rtl_model_type.h.in
        DESTINATION ${fireplane_cmake_dir})
