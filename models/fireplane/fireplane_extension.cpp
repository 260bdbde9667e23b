#include "fireplane_extension.h"

namespace fireplane {

tlm::tlm_extension_base* FireplaneExtension::clone() const {
    return new FireplaneExtension(*this);
}

void FireplaneExtension::copy_from(const tlm::tlm_extension_base& other) {
    // The base protocol only copies an extension onto one of its own kind.
    *this = static_cast<const FireplaneExtension&>(other);
}

FireplaneExtension& fireplane_extension(tlm::tlm_generic_payload& gp) {
    if (FireplaneExtension* ext = gp.get_extension<FireplaneExtension>()) return *ext;
    auto* ext = new FireplaneExtension;
    gp.set_extension(ext);
    return *ext;
}

} // namespace fireplane
