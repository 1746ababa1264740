// An acoustic station moored in an Arctic fjord detects narwhal clicks and
// buzzes and uploads detections through an Iridium modem session. TuskStation
// owns the session and a heartbeat thread. Bugs: teardown() closes the session
// before stopping and joining the heartbeat thread, so the heartbeat can send
// on the closed session; and on_storm() tears down and then mark_gap() sends a
// gap record. The end-of-season path joins first and closes last.
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

class ModemSession {
 public:
  explicit ModemSession(int fd) : fd_(fd) {}
  void send(const std::string& frame) {
    if (!connected_.load()) throw std::runtime_error("modem session closed");
    if (::write(fd_, frame.data(), frame.size()) < 0) throw std::runtime_error("modem write failed");
  }
  void disconnect() {
    if (!connected_.exchange(false)) return;
    ::close(fd_);
  }
  bool connected() const { return connected_.load(); }

 private:
  int fd_;
  std::atomic<bool> connected_{true};
};

class TuskStation {
 public:
  void begin_season(int modem_fd) {
    session_ = std::make_shared<ModemSession>(modem_fd);
    running_ = true;
    heartbeat_ = std::thread([this] { heartbeat_loop(); });
  }

  void report(const std::string& kind, double khz) {
    if (!session_ || !session_->connected()) return;
    session_->send("DET " + kind + " " + std::to_string(khz) + "\n");  // OK: connected() checked
  }

  void mark_gap(const std::string& reason) {
    session_->send("GAP " + reason + "\n");  // SAME: storm
  }

  void teardown() {
    session_->disconnect();  // SAME: hb
    running_ = false;
    if (heartbeat_.joinable()) heartbeat_.join();
  }

  void end_season() {
    running_ = false;
    if (heartbeat_.joinable()) heartbeat_.join();
    session_->send("SEASON-END\n");  // OK: heartbeat joined, session still open
    session_->disconnect();
    session_->disconnect();  // OK: disconnect() is idempotent (exchange on the flag)
  }

 private:
  void heartbeat_loop() {
    while (running_) {
      session_->send("HB\n");  // BUG: use-after-close #hb
      std::this_thread::sleep_for(std::chrono::seconds(30));
    }
  }

  std::shared_ptr<ModemSession> session_;
  std::atomic<bool> running_{false};
  std::thread heartbeat_;
};

void on_storm(TuskStation& st) {
  st.teardown();
  st.mark_gap("storm");  // BUG: use-after-close #storm
}

void on_ice_cover(TuskStation& st, int new_fd) {
  st.teardown();
  st.report("buzz", 42.0);  // OK: report() returns early once disconnected
  st.begin_season(new_fd);
  st.mark_gap("ice");  // OK: begin_season() made a new session
  st.end_season();
}
