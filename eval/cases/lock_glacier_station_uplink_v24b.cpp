// Glacier monitoring station: a sampler thread reads the ablation stakes and
// the GNSS antenna and writes each record to the base camp over a TCP socket;
// a heartbeat thread tells base camp the station is alive. stop() marks the
// station stopped and closes the socket under the station mutex before the
// threads are joined. The sampler checks the flag and writes while holding
// that mutex; the heartbeat thread checks the flag under the mutex but writes
// after releasing it.
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>

struct StakeReading {
  int stake = 0;
  double meltMm = 0;
  double gnssUpMm = 0;
};

StakeReading readStakes(int round) {
  return StakeReading{round % 12, 0.4 * (round % 7), -1.5 * (round % 3)};
}

class GlacierStation {
public:
  explicit GlacierStation(int sock) : sock_(sock) {}

  void start() {
    sampler_ = std::thread([this] { sampleLoop(); });
    heartbeat_ = std::thread([this] { heartbeatLoop(); });
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopped_ = true;
      static const char kBye[] = "BYE\n";
      if (::write(sock_, kBye, sizeof kBye - 1) < 0) // OK
        std::fprintf(stderr, "uplink: no goodbye: %s\n", std::strerror(errno));
      ::close(sock_); // SAME: glacier-hb
    }
    sampler_.join();
    heartbeat_.join();
  }

  bool sendCalibration(int stake, double offsetMm) {
    char line[64];
    int n = std::snprintf(line, sizeof line, "CAL %d %.2f\n", stake, offsetMm);
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_)
      return false;
    return ::write(sock_, line, static_cast<size_t>(n)) == n; // OK
  }

  long recordsSent() const { return sent_.load(); }

private:
  void sampleLoop() {
    for (int round = 0;; ++round) {
      StakeReading r = readStakes(round);
      char line[96];
      int n = std::snprintf(line, sizeof line, "STAKE %d %.2f %.2f\n", r.stake,
                            r.meltMm, r.gnssUpMm);
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopped_)
          return;
        if (::write(sock_, line, static_cast<size_t>(n)) < 0) // OK
          std::fprintf(stderr, "uplink: %s\n", std::strerror(errno));
        else
          ++sent_;
      }
      std::this_thread::sleep_for(std::chrono::seconds(10));
    }
  }

  void heartbeatLoop() {
    static const char kBeat[] = "HB\n";
    for (;;) {
      std::this_thread::sleep_for(std::chrono::seconds(30));
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopped_)
          return;
      }
      ::write(sock_, kBeat, sizeof kBeat - 1); // BUG: use-after-close #glacier-hb
    }
  }

  int sock_;
  std::mutex mu_;
  bool stopped_ = false;
  std::atomic<long> sent_{0};
  std::thread sampler_;
  std::thread heartbeat_;
};

void runSeason(int sock, int days) {
  GlacierStation station(sock);
  station.start();
  if (!station.sendCalibration(0, 0.0))
    std::fprintf(stderr, "calibration not sent\n");
  std::this_thread::sleep_for(std::chrono::hours(24) * days);
  station.stop();
  std::printf("season over: %ld records\n", station.recordsSent());
}
