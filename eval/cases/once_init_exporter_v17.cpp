// Metrics exporter for a storage node. Each export round writes samples to a
// local text file and forwards them to the replication peer; the exporter
// initialises lazily on the first round and is shut down from either the
// signal-handling thread or the main thread, whichever comes first.
//
// This code is correct: the file is closed through std::call_once, so the
// close runs once no matter how many threads call close() or whether the
// destructor calls it again; the export loop checks the Shut flag under the
// mutex before touching either resource; the forwarding loop closes the
// channel only on the iteration that sees the end marker and leaves the loop
// right after; the header is written only on the first iteration.
#include "replication.h"

#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

struct Sample {
  std::string Name;
  double Value = 0;
};

class MetricsExporter {
public:
  MetricsExporter(std::string Path, repl::ReplicationChannel &Peer)
      : Path(std::move(Path)), Peer(Peer) {}
  ~MetricsExporter() { close(); }

  bool exportRound(const std::vector<Sample> &Samples) {
    std::lock_guard<std::mutex> Lock(Mu);
    if (Shut)
      return false;
    std::call_once(Opened, [this] { Out = std::fopen(Path.c_str(), "a"); });
    if (!Out)
      return false;
    for (size_t I = 0; I < Samples.size(); ++I) {
      if (I == 0)
        std::fprintf(Out, "# round %d\n", ++Round); // OK: Shut checked under Mu
      std::fprintf(Out, "%s %.3f\n", Samples[I].Name.c_str(), Samples[I].Value); // OK
      Peer.send(Samples[I].Name + "=" + std::to_string(Samples[I].Value)); // OK: peer is closed only by forwardUntilEnd after the exporter is done
    }
    std::fflush(Out); // OK
    return true;
  }

  void close() {
    std::lock_guard<std::mutex> Lock(Mu);
    Shut = true;
    std::call_once(Closed, [this] {
      if (Out)
        std::fclose(Out); // OK: call_once body runs only once
      Out = nullptr;
    });
  }

private:
  std::string Path;
  repl::ReplicationChannel &Peer;
  std::mutex Mu;
  std::once_flag Opened, Closed;
  FILE *Out = nullptr;
  bool Shut = false;
  int Round = 0;
};

// Forwards buffered frames and closes the channel when it reaches the empty
// end-of-stream frame; the break guarantees no send follows the close.
void forwardUntilEnd(repl::ReplicationChannel &Peer, const std::vector<std::string> &Frames) {
  for (const std::string &F : Frames) {
    if (F.empty()) {
      Peer.flush();
      Peer.close(); // OK: followed by break, runs at most once
      break;
    }
    Peer.send(F); // OK: the channel is still open on every iteration that reaches here
  }
}

int main() {
  repl::ReplicationChannel Peer("replica-2:7000");
  {
    MetricsExporter Exporter("/tmp/metrics.txt", Peer);
    std::thread SignalThread([&Exporter] { Exporter.close(); });
    for (int I = 0; I < 3; ++I)
      if (!Exporter.exportRound({{"disk.used", 0.5 + I}, {"disk.iops", 120.0 * I}}))
        break;
    SignalThread.join();
    Exporter.exportRound({{"late", 1.0}}); // OK: returns false after close()
    Exporter.close();                       // OK: Shut is already set and call_once skips the fclose
  }                                         // OK: destructor close() is a no-op as well
  forwardUntilEnd(Peer, {"f1", "f2", "", "f3"});
  return 0;
}
