// PeriphytonScraper: borrows a conduit from the sonde corral for each scrape and
// remembers which conduit took it, so a follow-up report can go to the same
// instrument half an hour later.
#include "periphyton_scraper.h"
#include "limnod_intervals.h"
#include "limnod_switchboard.h"
#include "sonde_corral.h"
#include <chrono>
#include <string>

PeriphytonScraper::PeriphytonScraper(LimnoContext &ctx) : ctx_(ctx) {}

void PeriphytonScraper::start() {
  if (running_)
    return;
  running_ = true;
  reportTimer_ = ctx_.intervals.every(std::chrono::minutes(30), [this] { reportLast(); });
}

void PeriphytonScraper::tick() {
  if (!running_ || ++scrapes_ % 120 != 0)
    return;
  std::string grams;
  {
    SondeCorral::Hitch hitch = ctx_.corral.acquire();
    hitch->command("SCRAPE plate=" + std::to_string(scrapes_ / 120 % 4)); // OK: the hitch keeps the conduit out of drainIdle()
    grams = hitch->poll();
    lastConduit_ = &*hitch;
  }
  ctx_.switchboard.fire("periphyton", grams);
}

void PeriphytonScraper::reportLast() {
  if (!lastConduit_)
    return;
  lastConduit_->command("REPORT growth"); // BUG: use-after-close
}

void PeriphytonScraper::stop() {
  if (!running_)
    return;
  running_ = false;
  ctx_.intervals.cancel(reportTimer_);
  lastConduit_ = nullptr;
}
