#include "sun4u_nvram.h"

#include "nvram_image.h"

namespace fireplane {

M48t59Config sun4u_nvram_m48t59_config(const Sun4uNvramConfig& config) {
    M48t59Config c = config.m48t59;
    c.initial_image = sun4u_nvram::build_image(sun4u_nvram::parse_mac(config.mac),
                                               sun4u_nvram::parse_env(config.env));
    return c;
}

} // namespace fireplane
