#include "timing_model.h"

namespace fireplane::sparc {

const char* timing_kind_name(TimingKind kind) {
    static const char* const kNames[] = {"functional", "fixed", "detailed", "warming"};
    return kNames[unsigned(kind)];
}

} // namespace fireplane::sparc
