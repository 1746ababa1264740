// stop_floor() and close_links(): the first two shutdown stages. The floor stage stops the
// entrance, the rotary and the worker pool and takes every stall offline; the links stage closes
// the fieldbus, the herd pool, the cooperative feed and the vet console.
#include "shutdown_stages.h"

#include <memory>

#include "collection.h"
#include "entrance_gate.h"
#include "field_bus.h"
#include "herd_pool.h"
#include "rfid_reader.h"
#include "rotary_drive.h"
#include "site.h"
#include "stall.h"
#include "vet_console.h"
#include "worker_pool.h"

void stop_floor(Site& site) {
    site.gate().stop();   // OK: EntranceGate::stop() returns at once when the wash state already stopped the gate
    site.entrance_reader().close();   // OK: RfidReader::close() is idempotent; the wash state normally closed it already
    site.drive().stop();
    site.pool().stop();
    for (std::unique_ptr<Stall>& stall : site.stalls()) {
        stall->detach();
        stall->dispenser().stop();   // BUG: double-close #disp_stop
    }
}

void close_links(Site& site) {
    bus().close();
    site.herd_pool().shutdown();
    site.collection().close_night();
    site.console().close();
}
