// Orrery workshop: the planet gear train is aligned through a stepper motor bus on a
// serial descriptor. AlignmentRig owns the bus and a Heartbeat that says goodbye from
// its destructor; bus_ is declared before hb_, so hb_ is destroyed first and the
// goodbye goes out while the bus is still open. open_checked() closes the bus through
// a guard only if the PING fails, and dismisses the guard on success, so the caller
// receives an open bus. The zeroing guard in calibrate() closes the bus at the end of
// its block, and nothing touches the bus after that block. Correct code throughout.
#include <fcntl.h>
#include <unistd.h>

#include <memory>
#include <stdexcept>
#include <string>

class MotorBus {
 public:
  explicit MotorBus(int fd) : fd_(fd) {}
  ~MotorBus() { close(); }
  MotorBus(const MotorBus&) = delete;
  MotorBus& operator=(const MotorBus&) = delete;

  void send(const std::string& frame) {
    if (fd_ < 0) throw std::runtime_error("motor bus closed");
    if (::write(fd_, frame.data(), frame.size()) < 0) throw std::runtime_error("motor bus write failed");
  }

  // Idempotent: a second call finds fd_ == -1 and does nothing.
  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }

  bool closed() const { return fd_ < 0; }

 private:
  int fd_;
};

class Heartbeat {
 public:
  explicit Heartbeat(MotorBus& bus) : bus_(bus) {}
  ~Heartbeat() {
    try {
      if (!bus_.closed()) bus_.send("HB STOP\n");  // OK: bus_ outlives the heartbeat
    } catch (const std::exception&) {
      // a failed goodbye is not worth terminating for
    }
  }
  void beat() { bus_.send("HB\n"); }

 private:
  MotorBus& bus_;
};

class AlignmentRig {
 public:
  explicit AlignmentRig(int fd) : bus_(fd), hb_(bus_) {}

  void align(int planet, int teeth) {
    hb_.beat();
    bus_.send("ALIGN " + std::to_string(planet) + " " + std::to_string(teeth) + "\n");
  }

 private:
  MotorBus bus_;  // declared first: destroyed last
  Heartbeat hb_;  // declared second: destroyed first
};

class CloseGuard {
 public:
  explicit CloseGuard(MotorBus& bus) : bus_(&bus) {}
  ~CloseGuard() {
    if (bus_) bus_->close();
  }
  void dismiss() { bus_ = nullptr; }

 private:
  MotorBus* bus_;
};

std::unique_ptr<MotorBus> open_checked(const char* device) {
  int fd = ::open(device, O_RDWR | O_NOCTTY);
  if (fd < 0) return nullptr;
  auto bus = std::make_unique<MotorBus>(fd);
  CloseGuard guard(*bus);
  bus->send("PING\n");  // OK: the guard only runs at the end of this function
  guard.dismiss();
  return bus;
}

void calibrate(const char* device, int planets) {
  auto bus = open_checked(device);
  if (!bus) return;
  bus->send("HOME\n");  // OK: the guard in open_checked was dismissed
  {
    CloseGuard zeroing(*bus);
    for (int p = 0; p < planets; ++p) {
      bus->send("ZERO " + std::to_string(p) + "\n");  // OK: inside the guard's block
    }
  }
  bus->close();  // OK: MotorBus::close is idempotent
}

void run_alignment(int fd) {
  AlignmentRig rig(fd);
  rig.align(3, 48);  // OK
  rig.align(4, 60);  // OK
}  // hb_ says goodbye, then bus_ closes
