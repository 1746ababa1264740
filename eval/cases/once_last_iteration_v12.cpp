// Segment uploader whose loops close a handle in exactly one iteration and
// never touch it afterwards: the close happens on the last index, or is
// followed by break, or the loop opens a new handle at the top of each
// iteration. Negative: in every loop, each iteration that can run after the
// close either does not exist or works on a different, freshly opened handle.
#include "messaging.h"
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

void uploadSegments(kafka::KafkaProducer &P, const std::vector<std::string> &Segs) {
  for (std::size_t I = 0; I < Segs.size(); ++I) {
    P.send({"segments", Segs[I]}); // OK: the close below runs only in the last iteration
    if (I + 1 == Segs.size())
      P.close();
  }
}

int appendUntilMarker(const char *Path, const std::vector<std::string> &Lines) {
  FILE *Fp = std::fopen(Path, "a");
  if (!Fp)
    return -1;
  for (const std::string &L : Lines) {
    if (L == "--end--") {
      std::fclose(Fp);
      return 0;
    }
    std::fprintf(Fp, "%s\n", L.c_str()); // OK: the closing iteration returned
  }
  std::fclose(Fp);
  return 1;
}

void sendUntilNack(EventChannel &Ch, const std::vector<std::string> &Msgs) {
  for (const std::string &M : Msgs) {
    if (M.rfind("NACK", 0) == 0) {
      Ch.close();
      break;
    }
    Ch.send(M); // OK: the close is followed by break
  }
}

int rotateHourly(const std::string &Dir, int Hours) {
  for (int H = 0; H < Hours; ++H) {
    std::string Path = Dir + "/hour-" + std::to_string(H) + ".log";
    int Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (Fd < 0)
      return -1;
    ::write(Fd, "rotated\n", 8); // OK: Fd is a new descriptor in every iteration
    ::close(Fd);
  }
  return 0;
}

void retireWorkers(std::vector<EventChannel> &Workers, std::size_t Victim) {
  for (std::size_t I = 0; I < Workers.size(); ++I) {
    if (I == Victim) {
      Workers[I].close();
      continue;
    }
    Workers[I].send("rebalance"); // OK: the element closed in iteration Victim is skipped
  }
}

int main() {
  kafka::KafkaProducer P("kafka-1:9092");
  uploadSegments(P, {"seg-1", "seg-2", "seg-3"});
  appendUntilMarker("/tmp/upload.log", {"a", "--end--", "b"});
  EventChannel Ch;
  sendUntilNack(Ch, {"m1", "NACK m2", "m3"});
  rotateHourly("/tmp", 3);
  std::vector<EventChannel> Workers(4);
  retireWorkers(Workers, 2);
  return 0;
}
