# Bare-metal firmware images for `fireplane boot`, built with Debian's sparc64
# cross gcc against the SDK in sw/firmware (reset code, linker script, UART
# and power-off): freestanding, no libc, -mcmodel=medany (the code is linked
# at the reset VA 0xfffffffff0000000, data in RAM at 4 MiB).
#
#   fireplane_firmware_image(NAME hello SOURCES hello.c [CFLAGS ...])
#
# Images land in ${CMAKE_BINARY_DIR}/sw/firmware/<name>; unlike
# fireplane_sparc_program they are not Linux programs and are not recorded in
# FIREPLANE_SPARC_PROGRAMS.
find_program(SPARC_CC sparc64-linux-gnu-gcc)
set(FIREPLANE_FIRMWARE_SDK ${PROJECT_SOURCE_DIR}/sw/firmware)

if(NOT TARGET firmware_images)
  add_custom_target(firmware_images ALL)
endif()

function(fireplane_firmware_image)
  cmake_parse_arguments(P "" "NAME" "SOURCES;CFLAGS" ${ARGN})
  if(NOT SPARC_CC)
    message(FATAL_ERROR "sparc64-linux-gnu-gcc not found: install Debian's gcc-sparc64-linux-gnu")
  endif()
  set(sdk ${FIREPLANE_FIRMWARE_SDK})
  set(out_dir ${CMAKE_BINARY_DIR}/sw/firmware)
  set(out ${out_dir}/${P_NAME})
  set(sources ${sdk}/start.S ${sdk}/fw.c)
  foreach(src ${P_SOURCES})
    list(APPEND sources ${CMAKE_CURRENT_SOURCE_DIR}/${src})
  endforeach()
  set(cflags ${P_CFLAGS})
  if(NOT cflags MATCHES "(^|;)-O")
    list(PREPEND cflags -O2)
  endif()
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
    COMMAND ${SPARC_CC} -g -ffreestanding -nostdlib -static -no-pie -fno-pic -mcmodel=medany
            -Wall -Wextra ${cflags} -I${sdk} -T ${sdk}/firmware.ld -Wl,--build-id=none
            -MMD -MF ${out}.d -o ${out} ${sources}
    DEPENDS ${sources} ${sdk}/firmware.ld
    DEPFILE ${out}.d
    COMMENT "SPARC firmware ${P_NAME}"
    VERBATIM)
  add_custom_target(firmware_${P_NAME} DEPENDS ${out})
  add_dependencies(firmware_images firmware_${P_NAME})
endfunction()
