// Factories for the event-bus handlers that route plant events: health alerts paged to the vets
// (weak reference, checked alive and open), tank readings relayed to the vet console (shared
// ownership), and notes copied into the journal (weak reference, checked alive and open).
#include "alerts.h"

#include <utility>

EventBus::Handler make_vet_pager(std::weak_ptr<VetConsole> console) {
    return [console = std::move(console)](const Event& ev) {
        std::shared_ptr<VetConsole> c = console.lock();
        if (!c || !c->isOpen()) return;
        c->broadcast("HEALTH " + ev.text);   // OK: alive and open; the console is closed on the thread that publishes
    };
}

EventBus::Handler make_tank_relay(std::shared_ptr<VetConsole> console) {
    return [console = std::move(console)](const Event& ev) {
        const std::string line = "TANK " + std::to_string(static_cast<long>(ev.value)) + " l " + ev.text;
        console->broadcast(line);   // SAME: tank_relay
    };
}

EventBus::Handler make_journal_tap(std::weak_ptr<Journal> journal) {
    return [journal = std::move(journal)](const Event& ev) {
        std::shared_ptr<Journal> j = journal.lock();
        if (!j || !j->is_open()) return;
        j->append("note: " + ev.text);   // OK: alive and open; the journal is closed on the thread that publishes
    };
}
