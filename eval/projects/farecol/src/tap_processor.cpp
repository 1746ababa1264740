// Tap processing thread: journal first (the journal is the record of truth for disputes),
// then pricing and charging, then publishing of the completed journey on the work pool.
#include "tap_processor.h"
#include "deny_list_updater.h"
#include "diagnostics.h"
#include "fare_engine.h"
#include "journey_publisher.h"
#include "ledger.h"
#include "tap_journal.h"
#include "work_pool.h"

#include <exception>

namespace farecol {

TapProcessor::TapProcessor(BoundedQueue<TapEvent> &taps, FareEngine &fares, Ledger &ledger, TapJournal &journal,
                           PublisherSlot &publisher, WorkPool &pool, DenyListUpdater &deny, Diagnostics &diag)
    : taps_(taps), fares_(fares), ledger_(ledger), journal_(journal), publisher_(publisher), pool_(pool),
      deny_(deny), diag_(diag) {}

TapProcessor::~TapProcessor() { join(); }

void TapProcessor::start() {
  if (thread_.joinable())
    return;
  thread_ = std::thread([this] { run(); });
}

void TapProcessor::join() {
  if (thread_.joinable())
    thread_.join();
}

void TapProcessor::run() {
  while (std::optional<TapEvent> ev = taps_.pop()) {
    try {
      process(*ev);
      processed_.fetch_add(1);
    } catch (const std::exception &e) {
      diag_.error("tap %s/%llu: %s", ev->deviceId.c_str(), static_cast<unsigned long long>(ev->deviceSeq), e.what());
    }
  }
  diag_.info("tap processor finished after %llu taps", static_cast<unsigned long long>(processed_.load()));
}

void TapProcessor::process(const TapEvent &ev) {
  Status st = journal_.append(ev);
  if (st.failed())
    diag_.error("journal append failed for %s/%llu: %s", ev.deviceId.c_str(),
                static_cast<unsigned long long>(ev.deviceSeq), st.describe().c_str());

  std::optional<Journey> journey = fares_.onTap(ev);
  if (!journey)
    return;

  ChargeResult charged = ledger_.charge(*journey);
  if (!charged.ok()) {
    diag_.warn("card %s refused: %s (balance %lld)", journey->cardId.c_str(), charged.reason.c_str(),
               static_cast<long long>(charged.balanceCents));
    deny_.submit(DenyDelta{journey->cardId, true, "negative balance"});
    return;
  }

  std::shared_ptr<JourneyPublisher> publisher = publisher_.get();
  if (!publisher)
    return;
  pool_.submit([publisher, j = std::move(*journey)] {
    publisher->publishJourney(j); // BUG: use-after-close #reloadrace
  });
}

} // namespace farecol
