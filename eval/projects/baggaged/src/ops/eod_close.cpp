// EndOfDayClose: after the last departure the system is emptied and shut:
// belts stopped, pending timers flushed, early bags released to the flights
// still open, carousels closed, level-3 bags cleared by security loaded, the
// DCS given the final loads, the sorter parked (quiesce, then close), and
// finally the site shut down.
#include "eod_close.h"

#include "bag_router.h"
#include "carousel_manager.h"
#include "early_bag_store.h"
#include "feeder.h"
#include "journal.h"
#include "recon_manager.h"
#include "site.h"
#include "sorter.h"
#include "timer_wheel.h"

EndOfDayClose::EndOfDayClose(Site& site) : site_(site) {}

Status EndOfDayClose::run() {
  std::shared_ptr<JournalWriter> journal = site_.journal();
  journal->tryWrite("end-of-day close started");

  for (const auto& feeder : site_.allFeeders()) {
    feeder->halt(); // OK: halt() runs once per belt, an e-stop may already have halted it
  }
  site_.timers()->drain(); // BUG: use-after-close #hb_drain

  std::shared_ptr<CarouselManager> carousels = site_.carousels();
  std::size_t released = site_.early()->releaseAll(*carousels);
  carousels->closeAll();
  for (const RoutedBag& bag : site_.router()->takeLevel3Cleared()) {
    Status st = carousels->assignBag(bag.flight, bag.tag); // BUG: use-after-close #l3_cleared
    if (!st.ok()) journal->tryWrite("level-3 bag " + bag.tag + " not loaded: " + st.message());
  }

  site_.recon()->finishAll();

  std::shared_ptr<Sorter> sorter = site_.sorter();
  sorter->quiesce();
  sorter->close(); // OK: quiesce() ran first, the poller no longer reads the bus

  site_.shutdown();
  journal->write("end-of-day close complete, " + std::to_string(released) + " early bags released"); // BUG: use-after-close
  return Status::Ok();
}
