// Push-gateway metrics exporter of a batch ingest job. MetricsExporter keeps
// an atomic state (read by the /healthz thread): push() returns false and
// drops the sample once the exporter is closed, flush() throws, and close()
// throws when the exporter is already closed. A ScrapeJob pushes a scrape
// every tick and closes the exporter in its stop().
//
// Bug (runOpsMetrics): when the config reload fails the exporter is shut
// down, but the function still pushes config_reloads_total and ignores the false that push()
// returns: the sample is silently dropped.
// Bug (runIngestMetrics): Job.stop() already closed the exporter; shutdownExporter()
// closes it again and close() throws "exporter already closed".
// Correct: the first push() after the shutdown checks the result; the guarded
// shutdownExporter() call only runs while the exporter is not closed.
#include <atomic>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class MetricsExporter {
public:
  enum class State { Idle, Buffering, Closed };

  explicit MetricsExporter(std::string Endpoint) : Endpoint(std::move(Endpoint)) {}

  bool push(const std::string &Name, double Value) {
    if (Current.load() == State::Closed) {
      LastError = "exporter closed, dropped " + Name;
      return false;
    }
    State Expected = State::Idle;
    Current.compare_exchange_strong(Expected, State::Buffering);
    Buffer << Name << ' ' << Value << '\n';
    return true;
  }

  std::size_t flush() {
    if (Current.load() == State::Closed)
      throw std::runtime_error("flush: exporter for " + Endpoint + " closed");
    std::string Body = Buffer.str();
    Buffer.str("");
    std::cout << "POST " << Endpoint << " (" << Body.size() << " bytes)\n";
    Current.store(State::Idle);
    return Body.size();
  }

  void close() {
    if (Current.exchange(State::Closed) == State::Closed)
      throw std::runtime_error("exporter for " + Endpoint + " already closed");
  }

  State state() const { return Current.load(); }
  const std::string &lastError() const { return LastError; }

private:
  std::string Endpoint;
  std::ostringstream Buffer;
  std::string LastError;
  std::atomic<State> Current{State::Idle};
};

void shutdownExporter(MetricsExporter &Ex, bool Graceful) {
  if (Graceful)
    Ex.flush();
  Ex.close(); // SAME: twice
}

class ScrapeJob {
public:
  explicit ScrapeJob(MetricsExporter &Ex) : Ex(Ex) {}
  void tick(const std::vector<std::pair<std::string, double>> &Samples) {
    for (const auto &S : Samples)
      Ex.push(S.first, S.second);
    Ex.flush();
    ++Ticks;
  }
  void stop() {
    Ex.push("scrape_ticks_total", Ticks);
    Ex.flush();
    Ex.close();
  }

private:
  MetricsExporter &Ex;
  int Ticks = 0;
};

bool reloadConfig(const std::string &Path) {
  std::ifstream In(Path);
  std::string Line;
  while (std::getline(In, Line))
    if (Line.rfind("push_interval=", 0) == 0)
      return true;
  return false;
}

void runIngestMetrics() {
  MetricsExporter Ex("http://pushgateway:9091/metrics/job/ingest");
  {
    ScrapeJob Job(Ex);
    Job.tick({{"rows_ingested_total", 120431}, {"queue_depth", 17}});
    Job.tick({{"rows_ingested_total", 120977}, {"queue_depth", 3}});
    Job.stop();
  }
  shutdownExporter(Ex, false); // BUG: double-close #twice
}

void runOpsMetrics(const std::string &ConfigPath) {
  MetricsExporter Ops("http://pushgateway:9091/metrics/job/ops");
  if (!reloadConfig(ConfigPath)) {
    std::cerr << "bad metrics config, stopping the ops exporter\n";
    shutdownExporter(Ops, false);
  }
  if (!Ops.push("process_start_time_seconds", 1.7e9)) // OK: the result is checked
    std::cerr << Ops.lastError() << "\n";
  Ops.push("config_reloads_total", 1); // BUG: use-after-close
  if (Ops.state() != MetricsExporter::State::Closed)
    shutdownExporter(Ops, true); // OK: only while not closed
}

int main(int argc, char **argv) {
  std::string Mode = argc > 1 ? argv[1] : "ingest";
  if (Mode == "ops")
    runOpsMetrics(argc > 2 ? argv[2] : "/etc/ingest/metrics.conf");
  else
    runIngestMetrics();
  return 0;
}
