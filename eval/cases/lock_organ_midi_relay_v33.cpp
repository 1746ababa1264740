// Cathedral organ console relay: the console thread forwards key and stop events
// to the pipe-chest controller over a ChestPort, while the verger's panel may
// close the port at any time (service over). Every send and the close happen
// under the same relay mutex, the flag is only read under that mutex, and the
// closing thread notifies a condition variable that the console waits on.
// Negative case: no send can run after the close, and the close runs once.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

class ChestPort {
public:
  void send(std::uint8_t status, std::uint8_t data1, std::uint8_t data2);
  void close();

private:
  bool closed_ = false;
  std::vector<std::uint8_t> bytes_;
};

void ChestPort::send(std::uint8_t status, std::uint8_t data1, std::uint8_t data2) {
  if (closed_)
    throw std::runtime_error("pipe-chest port closed");
  bytes_.insert(bytes_.end(), {status, data1, data2});
}

void ChestPort::close() {
  if (closed_)
    throw std::runtime_error("pipe-chest port already closed");
  closed_ = true;
}

class OrganRelay {
public:
  void keyDown(int manual, int note);
  void drawStop(int stop);
  void endOfService();
  void waitForEnd();

private:
  std::mutex m_;
  std::condition_variable ended_;
  bool portClosed_ = false;
  ChestPort port_;
};

void OrganRelay::keyDown(int manual, int note) {
  std::lock_guard<std::mutex> g(m_);
  if (portClosed_)
    return;
  port_.send(static_cast<std::uint8_t>(0x90 | manual), static_cast<std::uint8_t>(note), 100); // OK: flag read and send under the closer's mutex
}

void OrganRelay::drawStop(int stop) {
  std::unique_lock<std::mutex> lk(m_);
  if (portClosed_)
    return;
  port_.send(0xB0, 0x50, static_cast<std::uint8_t>(stop)); // OK: still holding the relay mutex
  lk.unlock();
}

void OrganRelay::endOfService() {
  std::lock_guard<std::mutex> g(m_);
  if (portClosed_)
    return;
  port_.send(0xB0, 0x7B, 0); // all notes off
  port_.close(); // OK: guarded by portClosed_ under the mutex, runs once
  portClosed_ = true;
  ended_.notify_all();
}

void OrganRelay::waitForEnd() {
  std::unique_lock<std::mutex> lk(m_);
  ended_.wait(lk, [this] { return portClosed_; });
}

int main() {
  OrganRelay relay;
  std::thread console([&relay] {
    for (int bar = 0; bar < 64; ++bar) {
      relay.keyDown(1, 60 + bar % 12);
      if (bar % 16 == 0)
        relay.drawStop(bar / 16);
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  });
  std::thread verger([&relay] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    relay.endOfService();
  });
  relay.waitForEnd();
  relay.endOfService(); // OK: the second call sees portClosed_ and returns
  console.join();
  verger.join();
  return 0;
}
