// The one seam between a CPU and its own caches: a TLM-2.0 socket pair of the
// base protocol whose backward interface also carries the caches' counter
// events. Requests go forward with nb_transport_fw, their CacheRequest on a
// CpuRequestExtension (the payload's address is the physical address, its
// data pointer null: the ISS has moved the data). The CacheAnswer comes back
// on the same extension: at once (TLM_COMPLETED, a hit) or with BEGIN_RESP.
// Counter events come back through count() as the hierarchy counts them,
// whether a request or another agent's snoop caused them.
#pragma once

#include "cache_events.h"
#include "cache_request.h"

#include <tlm>

namespace fireplane::cache {

class CacheBwIf : public tlm::tlm_bw_transport_if<> {
public:
    virtual void count(CacheEvent event, uint64_t n) = 0;
};

using CpuCacheInitiatorSocket =
    tlm::tlm_base_initiator_socket<32, tlm::tlm_fw_transport_if<>, CacheBwIf>;
using CpuCacheTargetSocket = tlm::tlm_base_target_socket<32, tlm::tlm_fw_transport_if<>, CacheBwIf>;

class CpuRequestExtension : public tlm::tlm_extension<CpuRequestExtension> {
public:
    CacheRequest request;
    CacheAnswer answer; // filled in by the hierarchy

    tlm_extension_base* clone() const override { return new CpuRequestExtension(*this); }
    void copy_from(const tlm_extension_base& other) override {
        *this = static_cast<const CpuRequestExtension&>(other);
    }
};

} // namespace fireplane::cache
