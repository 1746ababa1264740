// Factories for the event-bus handlers that route plant events to the vet console and journal.
#pragma once
#include <memory>

#include "event_bus.h"
#include "journal.h"
#include "vet_console.h"

EventBus::Handler make_vet_pager(std::weak_ptr<VetConsole> console);
EventBus::Handler make_tank_relay(std::shared_ptr<VetConsole> console);
EventBus::Handler make_journal_tap(std::weak_ptr<Journal> journal);
