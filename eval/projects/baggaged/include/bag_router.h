// BagRouter: decides where a bag goes once its tag is read at induction.
#pragma once
#include "status.h"
#include <memory>
#include <string>
#include <vector>

class CarouselManager;
class EarlyBagStore;
class EventBus;
class FlightInfoCache;
class HandlerRegistry;
class JournalWriter;
class ScreeningMachine;
class Sorter;

struct RoutedBag {
  std::string flight;
  std::string tag;
};

class BagRouter {
 public:
  BagRouter(std::shared_ptr<Sorter> sorter, std::shared_ptr<ScreeningMachine> hbs,
            std::shared_ptr<CarouselManager> carousels, std::shared_ptr<EarlyBagStore> early,
            std::shared_ptr<FlightInfoCache> flights, std::shared_ptr<HandlerRegistry> registry,
            std::shared_ptr<JournalWriter> journal);
  // Subscribes the router to the bus; the subscription holds a weak_ptr only.
  static void attach(const std::shared_ptr<BagRouter>& router, EventBus& events);

  Status onBag(const std::string& tag, const std::string& flight);
  void clearLevel3(const std::string& tag);
  std::vector<RoutedBag> takeLevel3Cleared();
  void suspend();
  bool suspended() const;

 private:
  Status toLevel3(const std::string& tag, const std::string& flight);
  std::shared_ptr<Sorter> sorter_;
  std::shared_ptr<ScreeningMachine> hbs_;
  std::shared_ptr<CarouselManager> carousels_;
  std::shared_ptr<EarlyBagStore> early_;
  std::shared_ptr<FlightInfoCache> flights_;
  std::shared_ptr<HandlerRegistry> registry_;
  std::shared_ptr<JournalWriter> journal_;
  std::vector<RoutedBag> level3_;
  std::vector<RoutedBag> cleared_;
  bool suspended_ = false;
};
