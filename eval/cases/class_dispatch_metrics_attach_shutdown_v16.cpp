// Ride-hailing dispatch service. DispatchService builds its components and
// wires them together in its constructor body: the DispatchEngine and the
// SurgePricer get the MetricsSink through attach(MetricsSink&), and the engine
// gets the TripJournal through setJournal(). The engine owns the journal it was
// handed: DispatchEngine::close() writes a last record and closes it.
// MetricsSink: statsd over UDP; close() closes the socket, and gauge()/count()
// send on the socket without checking (a send after close() goes to a closed
// or reused descriptor). TripJournal: close() fcloses the file, so a second
// close() fcloses it twice.
#include <arpa/inet.h>
#include <algorithm>
#include <cstdio>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

class MetricsSink {
public:
  explicit MetricsSink(unsigned short port) : fd_(::socket(AF_INET, SOCK_DGRAM, 0)) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::connect(fd_, reinterpret_cast<sockaddr *>(&a), sizeof a);
  }
  void gauge(const std::string &name, double v) { emit(name + ":" + std::to_string(v) + "|g"); }
  void count(const std::string &name, long n) { emit(name + ":" + std::to_string(n) + "|c"); }
  void close() { ::close(fd_); }

private:
  void emit(const std::string &line) { ::send(fd_, line.data(), line.size(), MSG_DONTWAIT); }
  int fd_;
};

class TripJournal {
public:
  explicit TripJournal(const char *path) : fp_(std::fopen(path, "a")) {}
  bool good() const { return fp_ != nullptr; }
  void append(const std::string &rec) { std::fprintf(fp_, "%s\n", rec.c_str()); }
  void close() {
    std::fflush(fp_);
    std::fclose(fp_);
  }

private:
  std::FILE *fp_;
};

class SurgePricer {
public:
  void attach(MetricsSink &m) { metrics_ = &m; }
  double multiplier(const std::string &zone, int waiting, int drivers) {
    double m = drivers == 0 ? 3.0 : std::min(3.0, 1.0 + waiting / (2.0 * drivers));
    if (metrics_)
      metrics_->gauge("surge." + zone, m); // OK: the pricer is closed before the sink
    return m;
  }
  void close() {
    if (metrics_)
      metrics_->count("surge.closed", 1); // OK: shutdown() closes the pricer first
    metrics_ = nullptr;
  }

private:
  MetricsSink *metrics_ = nullptr;
};

class DispatchEngine {
public:
  void attach(MetricsSink &m) { metrics_ = &m; }
  void setJournal(TripJournal *j) { journal_ = j; }
  void assign(const std::string &trip, const std::string &driver) {
    journal_->append("ASSIGN " + trip + " " + driver); // OK: the journal is closed only by close()
    metrics_->count("dispatch.assigned", 1);
    ++openTrips_;
  }
  void complete(const std::string &trip) {
    journal_->append("DONE " + trip);
    --openTrips_;
  }
  void close() {
    journal_->append("ENGINE STOP open=" + std::to_string(openTrips_));
    journal_->close();
    metrics_->gauge("dispatch.open_trips", openTrips_); // SAME: gauge
  }

private:
  MetricsSink *metrics_ = nullptr;
  TripJournal *journal_ = nullptr;
  long openTrips_ = 0;
};

class DispatchService {
public:
  DispatchService() : metrics_(8125), journal_("/var/lib/dispatch/trips.log") {
    engine_.attach(metrics_);
    engine_.setJournal(&journal_);
    pricer_.attach(metrics_);
  }
  bool ready() const { return journal_.good(); }

  void requestRide(const std::string &trip, const std::string &zone, const std::string &driver) {
    pricer_.multiplier(zone, 12, 5);
    engine_.assign(trip, driver);
  }
  void finishRide(const std::string &trip) { engine_.complete(trip); }

  void shutdown() {
    pricer_.close();
    metrics_.close();
    engine_.close(); // BUG: use-after-close #gauge
    journal_.close(); // BUG: double-close
  }

private:
  MetricsSink metrics_;
  TripJournal journal_;
  DispatchEngine engine_;
  SurgePricer pricer_;
};

int main() {
  DispatchService svc;
  if (!svc.ready())
    return 1;
  svc.requestRide("trip-9001", "downtown", "drv-17");
  svc.requestRide("trip-9002", "airport", "drv-42");
  svc.finishRide("trip-9001");
  svc.shutdown();
  return 0;
}
