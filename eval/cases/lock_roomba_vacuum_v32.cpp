// Robot vacuum firmware: the cleaning thread reports progress to the charging
// dock over a link (the firmware's own class: send() throws once close() has
// run). The dock link is closed from the main thread when the user presses
// "stop" in the app; the closer holds the robot's mutex while it closes.
// Room progress is reported with the flag checked under that mutex; the
// bin-full warning checks the flag without taking it.
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class DockLink {
public:
  void send(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("dock link closed");
    sent_.push_back(msg);
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::vector<std::string> sent_;
  bool closed_ = false;
};

class Robot {
public:
  void cleanRooms(const std::vector<std::string> &rooms) {
    for (const std::string &room : rooms) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (link_.closed())
        return;
      link_.send("cleaned " + room); // OK: checked under the closer's mutex
    }
  }

  void warnBinFull(int percent) {
    if (link_.closed())
      return;
    link_.send("bin " + std::to_string(percent) + "% full"); // BUG: use-after-close #bin-race
  }

  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    link_.close(); // SAME: bin-race
  }

  void dockedReport() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!link_.closed())
      link_.send("docked"); // OK: checked under the mutex
  }

private:
  std::mutex mutex_;
  DockLink link_;
};

void userPressedStop(Robot &robot, const std::vector<std::string> &rooms) {
  std::thread cleaner([&robot, &rooms] {
    robot.cleanRooms(rooms);
    robot.warnBinFull(90);
  });
  robot.stop();
  cleaner.join();
  robot.dockedReport(); // OK: the cleaner is joined
}
