// CarouselManager: make-up carousels keyed by flight number. A jam during a
// load takes the carousel out of service (closes it) and reports Jammed; a
// carousel swap replaces the closed carousel object with a fresh one.
#include "carousel_manager.h"

#include "journal.h"

CarouselManager::CarouselManager(std::shared_ptr<JournalWriter> journal) : journal_(std::move(journal)) {}

Status CarouselManager::openFlight(const std::string& flight, int number) {
  auto& slot = carousels_[flight];
  if (slot && !slot->isClosed()) return Status::Error(StatusCode::Busy, flight + " already has a carousel");
  slot = std::make_unique<MakeupCarousel>(flight, number);
  slot->open();
  journal_->tryWrite("carousel " + std::to_string(number) + " open for " + flight);
  return Status::Ok();
}

Status CarouselManager::assignBag(const std::string& flight, const std::string& tag) {
  auto it = carousels_.find(flight);
  if (it == carousels_.end()) return Status::Error(StatusCode::NotFound, "no carousel for " + flight);
  try {
    it->second->loadBag(tag); // SAME: l3_cleared
  } catch (const CarouselJam& jam) {
    it->second->close();
    journal_->tryWrite(std::string("out of service: ") + jam.what());
    return Status::Error(StatusCode::Jammed, jam.what());
  }
  return Status::Ok();
}

Status CarouselManager::swapCarousel(const std::string& flight, int newNumber) {
  auto it = carousels_.find(flight);
  if (it == carousels_.end()) return Status::Error(StatusCode::NotFound, "no carousel for " + flight);
  if (!it->second->isClosed()) it->second->close(); // OK: a jammed carousel is already closed
  std::vector<std::string> bags = it->second->takeBags();
  it->second = std::make_unique<MakeupCarousel>(flight, newNumber);
  it->second->open();
  for (const std::string& tag : bags) it->second->loadBag(tag); // OK: a fresh, open carousel replaced the closed one
  journal_->tryWrite(flight + " moved to carousel " + std::to_string(newNumber));
  return Status::Ok();
}

void CarouselManager::closeFlight(const std::string& flight) {
  auto it = carousels_.find(flight);
  if (it == carousels_.end()) return;
  if (!it->second->isClosed()) it->second->close();
}

void CarouselManager::closeAll() {
  for (auto& [flight, carousel] : carousels_) {
    if (carousel->isClosed()) continue;
    carousel->close(); // OK: carousels already closed are skipped above
  }
}

bool CarouselManager::isOpen(const std::string& flight) const {
  auto it = carousels_.find(flight);
  return it != carousels_.end() && !it->second->isClosed();
}

MakeupCarousel* CarouselManager::find(const std::string& flight) {
  auto it = carousels_.find(flight);
  return it == carousels_.end() ? nullptr : it->second.get();
}

std::vector<std::string> CarouselManager::flights() const {
  std::vector<std::string> out;
  for (const auto& [flight, carousel] : carousels_) out.push_back(flight);
  return out;
}
