// EarlyBagStore: bags checked in before their flight's carousel opens. Every
// stored bag is also appended to a spill file so a restart can rebuild the
// store.
#pragma once
#include "handles.h"
#include "status.h"
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

class CarouselManager;
class JournalWriter;

class EarlyBagStore {
 public:
  EarlyBagStore(std::shared_ptr<JournalWriter> journal, std::string spillPath);
  Status store(const std::string& flight, const std::string& tag);
  std::size_t releaseFlight(const std::string& flight, CarouselManager& carousels);
  std::size_t releaseAll(CarouselManager& carousels);
  void shutdown();   // runs once
  std::size_t size() const;

 private:
  std::size_t releaseLocked(const std::string& flight, CarouselManager& carousels);
  std::shared_ptr<JournalWriter> journal_;
  mutable std::mutex mu_;
  std::deque<std::pair<std::string, std::string>> bags_;
  FileHandle spill_;
  bool shutDown_ = false;
};
