# RTL blocks in the platform: Verilator (Debian's `verilator`, 5.006) turns a
# Verilog/SystemVerilog top into a SystemC module that models/rtl's bridges
# drive.
#
#   fireplane_add_rtl(NAME name TOP module SOURCES file.sv... [PREFIX class]
#                     [INCLUDE_DIRS dir...] [VERILATOR_ARGS arg...]
#                     [MODEL_TYPE type [DESCRIPTION text]])
#
# makes the static library `rtl_<name>` holding the SystemC module `class`
# (default V<module>; header <class>.h), linked with SystemC. Give a PREFIX
# to verilate one top twice, with other parameters (-G...) in VERILATOR_ARGS.
# The model's C++ is compiled with the project's flags minus its warnings
# (the generated code is not ours).
#
# With MODEL_TYPE, the library also holds the function
# fireplane_register_rtl_<name>(ModelFactory&) (header rtl_<name>_type.h),
# which adds `type` for machine files: an RtlDevice (models/rtl/rtl_device.h)
# whose parts follow the block's ports. It links the platform's RTL bridges
# (target fireplane_rtl, or Fireplane::rtl from the installed package).
find_package(verilator REQUIRED HINTS $ENV{VERILATOR_ROOT})
set(FIREPLANE_RTL_TEMPLATES ${CMAKE_CURRENT_LIST_DIR})

function(fireplane_add_rtl)
  cmake_parse_arguments(R "" "NAME;TOP;PREFIX;MODEL_TYPE;DESCRIPTION"
                        "SOURCES;INCLUDE_DIRS;VERILATOR_ARGS" ${ARGN})
  if(NOT R_NAME OR NOT R_TOP OR NOT R_SOURCES)
    message(FATAL_ERROR "fireplane_add_rtl: NAME, TOP and SOURCES are required")
  endif()
  set(lib rtl_${R_NAME})
  if(NOT R_PREFIX)
    set(R_PREFIX V${R_TOP})
  endif()
  add_library(${lib} STATIC)
  set_target_properties(${lib} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_compile_options(${lib} PRIVATE -w)
  verilate(${lib} SYSTEMC
    TOP_MODULE ${R_TOP}
    PREFIX ${R_PREFIX}
    SOURCES ${R_SOURCES}
    INCLUDE_DIRS ${R_INCLUDE_DIRS}
    VERILATOR_ARGS -O3 -Wall -Wno-fatal ${R_VERILATOR_ARGS})
  target_link_libraries(${lib} PUBLIC PkgConfig::SYSTEMC)
  # Users of the model include Verilator's headers: as system headers, so that
  # their warnings are not ours.
  get_target_property(dirs ${lib} INTERFACE_INCLUDE_DIRECTORIES)
  if(dirs)
    set_target_properties(${lib} PROPERTIES INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${dirs}")
  endif()
  if(R_MODEL_TYPE)
    if(NOT R_DESCRIPTION)
      set(R_DESCRIPTION "RTL block ${R_TOP}")
    endif()
    set(gen ${CMAKE_CURRENT_BINARY_DIR}/rtl_${R_NAME}_type)
    configure_file(${FIREPLANE_RTL_TEMPLATES}/rtl_model_type.cpp.in ${gen}.cpp @ONLY)
    configure_file(${FIREPLANE_RTL_TEMPLATES}/rtl_model_type.h.in ${gen}.h @ONLY)
    target_sources(${lib} PRIVATE ${gen}.cpp)
    target_include_directories(${lib} PUBLIC ${CMAKE_CURRENT_BINARY_DIR})
    if(TARGET fireplane_rtl)
      target_link_libraries(${lib} PUBLIC fireplane_rtl)
    else()
      target_link_libraries(${lib} PUBLIC Fireplane::rtl)
    endif()
  endif()
endfunction()
