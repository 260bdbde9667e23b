#include "int_transaction.h"

#include "fireplane_extension.h"
#include "models/common/big_endian.h"

namespace fireplane {

bool send_int_transaction(tlm::tlm_fw_transport_if<>& port, const InterruptVector& vector,
                          uint16_t transaction_id, sc_core::sc_time& delay) {
    uint8_t data[24];
    for (unsigned w = 0; w < 3; ++w)
        store_big_endian(data + 8 * w, vector.data[w], 8);
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(interrupt_address(vector.target));
    gp.set_data_ptr(data);
    gp.set_data_length(sizeof data);
    gp.set_streaming_width(sizeof data);
    gp.set_byte_enable_ptr(nullptr);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    FireplaneExtension& x = fireplane_extension(gp);
    x.type = TransactionType::INT;
    x.source = vector.source;
    x.transaction_id = transaction_id;
    x.nacked = false;
    port.b_transport(gp, delay);
    return gp.is_response_ok() && !x.nacked;
}

InterruptVector int_transaction_vector(const tlm::tlm_generic_payload& gp, uint16_t source) {
    InterruptVector v;
    v.source = source;
    v.target = uint16_t(interrupt_target(gp.get_address()));
    for (unsigned w = 0; w < 3; ++w)
        v.data[w] = load_big_endian(gp.get_data_ptr() + 8 * w, 8);
    return v;
}

} // namespace fireplane
