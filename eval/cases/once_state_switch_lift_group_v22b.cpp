// Lift (elevator) group controller for an office tower. Each car is reached
// over a CarLink on its own CAN channel; the group also holds a link to the
// building's dispatch panel and one to the hall-call buttons.
// CarLink::send() throws std::logic_error once closed; close() a second time
// throws std::logic_error (it would release the CAN channel handle twice).
// Correct: the per-car loop in recallAll() closes the hall link only in the
// last iteration; shutdown() closes the dispatch link only while it is open.
// Defects: retireCar() is missing a break after the fire-service case, so a
// car in fire service is closed again by the independent-service case;
// onGeneratorTransfer() uses a function-local once_flag, so the second
// transfer of the same outage closes the dispatch link again.
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

int canOpen(const std::string &channel);
void canWrite(int handle, const std::string &frame);
void canRelease(int handle);

class CarLink {
public:
  explicit CarLink(const std::string &channel) : handle_(canOpen(channel)) {}
  void send(const std::string &frame) {
    if (handle_ < 0)
      throw std::logic_error("car link closed");
    canWrite(handle_, frame);
  }
  void close() {
    if (handle_ < 0)
      throw std::logic_error("car link closed twice");
    canRelease(handle_);
    handle_ = -1;
  }
  bool isOpen() const { return handle_ >= 0; }

private:
  int handle_;
};

enum class CarMode { InService, Independent, FireService, OutOfService };

struct Car {
  std::string name;
  CarMode mode;
  CarLink link;
};

void retireCar(Car &car) {
  switch (car.mode) {
  case CarMode::FireService:
    car.link.send("RECALL LOBBY DOORS-OPEN");
    car.link.close();
  case CarMode::Independent:
    car.link.close(); // BUG: double-close
    break;
  case CarMode::InService:
    car.link.send("PARK");
    car.link.close(); // OK: its own case, followed by break
    break;
  case CarMode::OutOfService:
    break;
  }
  car.mode = CarMode::OutOfService;
}

class LiftGroup {
public:
  LiftGroup(const std::vector<std::string> &carChannels, const std::string &dispatch,
            const std::string &hall)
      : dispatch_(dispatch), hall_(hall) {
    cars_.reserve(carChannels.size());
    for (const std::string &ch : carChannels)
      cars_.push_back(Car{ch, CarMode::InService, CarLink(ch)});
  }

  // Fire alarm: every car returns to the lobby; the hall buttons go dead.
  void recallAll() {
    for (std::size_t i = 0; i < cars_.size(); ++i) {
      cars_[i].link.send("RECALL LOBBY");
      cars_[i].mode = CarMode::FireService;
      hall_.send("DISABLE " + cars_[i].name); // OK: hall_ is closed after the last car only
      if (i + 1 == cars_.size())
        hall_.close(); // OK: only in the last iteration
    }
  }

  // Utility power lost: the ATS switches to the generator, sometimes twice in
  // one outage when the generator trips and restarts.
  void onGeneratorTransfer() {
    std::once_flag once;
    std::call_once(once, [this] { dispatch_.close(); }); // BUG: double-close
    for (Car &c : cars_)
      if (c.mode == CarMode::InService)
        c.link.send("LIMIT 2 CARS");
  }

  void retire(std::size_t i) { retireCar(cars_.at(i)); }

  void shutdown() {
    for (Car &c : cars_)
      retireCar(c);
    if (dispatch_.isOpen())
      dispatch_.close(); // OK: guarded by isOpen()
  }

private:
  CarLink dispatch_;
  CarLink hall_;
  std::vector<Car> cars_;
};

void outageDrill(LiftGroup &group, bool fire, int transfers) {
  if (fire)
    group.recallAll();
  for (int t = 0; t < transfers; ++t)
    group.onGeneratorTransfer();
  group.retire(0);
  group.shutdown();
}
