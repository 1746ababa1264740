// Elevator bank supervisor for an office tower: car dispatch jobs run on a
// Scheduler, report car positions to the lobby display (an EventChannel) and
// append trips to the trip log. Each resource registers its shutdown step
// with ShutdownHooks as soon as it is opened, and the hooks run in reverse
// order of registration. Negative case: the dispatcher pool is created last,
// so its step (which drains the queue and joins the threads) runs first, and
// the trip log and the display are closed only after no job can touch them.
#include "messaging.h"
#include "scheduler.h"

#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

class ShutdownHooks {
public:
  void add(std::string name, std::function<void()> step) {
    steps_.emplace_back(std::move(name), std::move(step));
  }

  void runAll() {
    while (!steps_.empty()) {
      auto step = std::move(steps_.back());
      steps_.pop_back();
      std::printf("shutdown: %s\n", step.first.c_str());
      step.second();
    }
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> steps_;
};

struct HallCall {
  int floor = 0;
  bool up = true;
};

int pickCar(const HallCall &call, int cars) { return call.floor % cars; }

void runBank(EventChannel &display, const std::string &tripLogPath,
             const std::vector<HallCall> &calls, int cars) {
  ShutdownHooks hooks;
  std::mutex displayMu;

  hooks.add("lobby display", [&display, &displayMu] {
    std::lock_guard<std::mutex> lock(displayMu);
    display.send("ELEVATORS OUT OF SERVICE"); // OK
    display.close();
  });

  std::FILE *trips = std::fopen(tripLogPath.c_str(), "a");
  if (!trips) {
    hooks.runAll();
    return;
  }
  hooks.add("trip log", [trips] {
    std::fprintf(trips, "-- bank stopped --\n"); // OK
    std::fclose(trips);
  });

  Scheduler dispatchers(static_cast<unsigned>(cars));
  hooks.add("dispatchers", [&dispatchers] { dispatchers.shutdown(); });

  for (const HallCall &call : calls) {
    dispatchers.submit([&display, &displayMu, trips, call, cars] {
      const int car = pickCar(call, cars);
      std::fprintf(trips, "car %d -> floor %d %s\n", car, call.floor,
                   call.up ? "up" : "down"); // OK
      std::lock_guard<std::mutex> lock(displayMu);
      display.send("CAR " + std::to_string(car) + " TO " +
                   std::to_string(call.floor)); // OK
    });
  }

  hooks.runAll();
  std::printf("elevator bank: %zu hall calls served\n", calls.size());
}
