// VarveChronology: varve thicknesses arrive on the switchboard; batches are
// written on the errand thread. The job checks sealed_ under the same mutex
// stop() closes the scroll under, so a late job drops its batch instead of
// writing to a closed scroll (negative: no bug).
#include "varve_chronology.h"
#include "limnod_errands.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include <cstdlib>
#include <string>

VarveChronology::VarveChronology(LimnoContext &ctx) : ctx_(ctx) {
  token_ = ctx_.switchboard.subscribe("sediment/varve", [this](const std::string &mm) {
    thicknesses_.push_back(std::strtod(mm.c_str(), nullptr));
  });
}

VarveChronology::~VarveChronology() {
  ctx_.switchboard.unsubscribe(token_);
  stop();
  ctx_.errands.drain(); // no job may outlive this object
}

void VarveChronology::start() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!sealed_)
    return;
  if (!scroll_.open(ctx_.settings.archiveDir + "/chronology.csv"))
    return;
  sealed_ = false;
}

void VarveChronology::tick() {
  if (thicknesses_.size() < 10)
    return;
  std::vector<double> batch;
  batch.swap(thicknesses_);
  ctx_.errands.post([this, batch] {
    std::lock_guard<std::mutex> lk(mu_);
    if (sealed_)
      return; // stop() won: the batch is dropped
    for (double mm : batch)
      scroll_.append(std::to_string(mm)); // OK: sealed_ checked under the mutex stop() closes under
  });
}

void VarveChronology::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (sealed_)
    return;
  sealed_ = true;
  scroll_.close(); // OK: sealed_ is set first, under the mutex the errand jobs take
}
