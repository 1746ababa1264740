// CarouselManager: make-up carousels keyed by flight number.
#pragma once
#include "carousel.h"
#include "status.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

class JournalWriter;

class CarouselManager {
 public:
  explicit CarouselManager(std::shared_ptr<JournalWriter> journal);
  Status openFlight(const std::string& flight, int number);
  // Loads the bag; a jam takes the carousel out of service (closes it) and
  // returns StatusCode::Jammed.
  Status assignBag(const std::string& flight, const std::string& tag);
  Status swapCarousel(const std::string& flight, int newNumber);
  void closeFlight(const std::string& flight);
  void closeAll();
  bool isOpen(const std::string& flight) const;
  MakeupCarousel* find(const std::string& flight);
  std::vector<std::string> flights() const;

 private:
  std::shared_ptr<JournalWriter> journal_;
  std::map<std::string, std::unique_ptr<MakeupCarousel>> carousels_;
};
