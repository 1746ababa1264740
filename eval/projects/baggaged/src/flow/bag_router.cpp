// BagRouter: routes a bag once its tag is read at induction. The bag is
// screened, then sent through the sorter to its flight's carousel, into the
// early-bag store when the flight is not open yet, or to level-3 inspection
// when screening did not clear it.
#include "bag_router.h"

#include "carousel_manager.h"
#include "early_bag_store.h"
#include "event_bus.h"
#include "flight_cache.h"
#include "handler_registry.h"
#include "journal.h"
#include "screening_machine.h"
#include "sorter.h"

#include <algorithm>

namespace {
constexpr int kLevel3Chute = 90;
}

BagRouter::BagRouter(std::shared_ptr<Sorter> sorter, std::shared_ptr<ScreeningMachine> hbs,
                     std::shared_ptr<CarouselManager> carousels, std::shared_ptr<EarlyBagStore> early,
                     std::shared_ptr<FlightInfoCache> flights, std::shared_ptr<HandlerRegistry> registry,
                     std::shared_ptr<JournalWriter> journal)
    : sorter_(std::move(sorter)),
      hbs_(std::move(hbs)),
      carousels_(std::move(carousels)),
      early_(std::move(early)),
      flights_(std::move(flights)),
      registry_(std::move(registry)),
      journal_(std::move(journal)) {}

void BagRouter::attach(const std::shared_ptr<BagRouter>& router, EventBus& events) {
  std::weak_ptr<BagRouter> weak = router;
  events.subscribe(Topic::EmergencyStop, [weak](const Event&) {
    if (auto self = weak.lock()) self->suspend();
  });
}

Status BagRouter::onBag(const std::string& tag, const std::string& flight) {
  if (suspended_) return Status::Error(StatusCode::Busy, "routing suspended");
  ScreenVerdict verdict;
  Status st = hbs_->screen(tag, verdict);
  if (st.code() == StatusCode::Timeout) {
    st = hbs_->resubmit(tag, verdict); // BUG: use-after-close #hbs_resubmit
  }
  if (!st.ok() || !verdict.cleared) return toLevel3(tag, flight);
  registry_->dispatch(Message{MsgType::ScreenResult, flight + " " + tag + " CLR"});

  if (!carousels_->isOpen(flight)) return early_->store(flight, tag);
  Result<FlightInfo> info = flights_->lookup(flight);
  if (!info.ok()) return toLevel3(tag, flight);
  Status routed = sorter_->route(tag, info.value().chute);
  if (!routed.ok()) return routed;

  Status loaded = carousels_->assignBag(flight, tag); // OK: isOpen(flight) checked above
  if (loaded.code() == StatusCode::Jammed) {
    // jams are mostly photo-eye glitches: give the carousel one more try
    MakeupCarousel* carousel = carousels_->find(flight);
    if (carousel) carousel->loadBag(tag); // BUG: use-after-close
    return Status::Ok();
  }
  return loaded;
}

Status BagRouter::toLevel3(const std::string& tag, const std::string& flight) {
  level3_.push_back(RoutedBag{flight, tag});
  journal_->tryWrite("bag " + tag + " (" + flight + ") to level 3");
  return sorter_->route(tag, kLevel3Chute);
}

void BagRouter::clearLevel3(const std::string& tag) {
  auto it = std::find_if(level3_.begin(), level3_.end(), [&tag](const RoutedBag& b) { return b.tag == tag; });
  if (it == level3_.end()) return;
  cleared_.push_back(*it);
  level3_.erase(it);
}

std::vector<RoutedBag> BagRouter::takeLevel3Cleared() {
  std::vector<RoutedBag> out;
  out.swap(cleared_);
  return out;
}

void BagRouter::suspend() { suspended_ = true; }

bool BagRouter::suspended() const { return suspended_; }
