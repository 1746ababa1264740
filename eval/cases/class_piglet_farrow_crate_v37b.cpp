// Farrowing crate heat lamps: CrateLamp talks to the barn's lamp controller
// over TCP and runs a heartbeat thread. evacuate() (fire alarm) stops the
// heartbeat properly, switches everything off and closes the socket;
// set_watts() refuses after that, but read_probe() does not look at
// evacuated_, so farrowing_night() reads the probe from a closed socket.
// stop() closes the socket before joining the heartbeat thread, which may
// still be writing to it.
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

class CrateLamp {
public:
    bool connect(const char* ip, uint16_t port) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd_ < 0) return false;
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(port);
        ::inet_pton(AF_INET, ip, &a.sin_addr);
        if (::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
            ::close(fd_);
            fd_ = -1;
            return false;
        }
        return true;
    }

    void start_heartbeat() {
        running_ = true;
        beat_ = std::thread([this] { beat_loop(); });
    }

    bool set_watts(int crate, int watts) {
        if (evacuated_ || fd_ < 0) return false;
        char msg[32];
        int n = std::snprintf(msg, sizeof msg, "W %d %d\n", crate, watts);
        return ::write(fd_, msg, n) == n; // OK: refused after evacuate()
    }

    // The controller pushes the latest crate temperature every second.
    double read_probe() {
        char buf[16] = {};
        if (::read(fd_, buf, sizeof buf - 1) <= 0) return -1.0; // SAME: probe
        return std::atof(buf);
    }

    void evacuate() {
        running_ = false;
        if (beat_.joinable()) beat_.join();
        ::write(fd_, "OFF\n", 4);
        ::close(fd_);
        evacuated_ = true;
    }

    void stop() {
        running_ = false;
        if (!evacuated_) ::close(fd_); // SAME: beat
        if (beat_.joinable()) beat_.join();
        fd_ = -1;
    }

private:
    void beat_loop() {
        while (running_) {
            ::write(fd_, "HB\n", 3); // BUG: use-after-close #beat
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        }
    }

    int fd_ = -1;
    bool evacuated_ = false;
    std::atomic<bool> running_{false};
    std::thread beat_;
};

void farrowing_night(CrateLamp& lamp, bool sow_distressed) {
    if (!lamp.connect("10.4.0.21", 5150)) return;
    lamp.start_heartbeat();
    lamp.set_watts(1, 150);
    if (sow_distressed) {
        lamp.evacuate();
        lamp.set_watts(2, 0); // OK: set_watts refuses after evacuate()
    }
    double t = lamp.read_probe(); // BUG: use-after-close #probe
    if (t > 34.0) lamp.set_watts(1, 100);
    lamp.stop(); // OK: stop() skips the close after evacuate()
}

void weaning_day(CrateLamp& lamp) {
    if (!lamp.connect("10.4.0.22", 5150)) return;
    double t = lamp.read_probe();
    lamp.set_watts(3, t < 28.0 ? 200 : 120);
    lamp.evacuate();
    lamp.set_watts(3, 0); // OK: set_watts refuses after evacuate()
}
