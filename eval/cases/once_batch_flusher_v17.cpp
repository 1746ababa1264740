// Batch flusher for an ingestion agent. Batches read from the local spool are
// written to an on-disk segment (a POSIX descriptor) and published to Kafka.
// Several loops close things "at the end": some closes can only run once
// (call_once, a pass counter, a guard flag), others sit in loops whose
// condition can hold more than once. KafkaProducer::send() fails after close().
#include "messaging.h"

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

struct Batch {
  std::vector<kafka::ProducerRecord> Records;
  bool EndOfStream = false; // set by the spool reader on the last batch of a partition
};

class SegmentFile {
public:
  bool open(const std::string &Path) {
    Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    return Fd >= 0;
  }
  ~SegmentFile() { finish(); }

  bool append(const std::string &Line) {
    std::string Buf = Line + "\n";
    return ::write(Fd, Buf.data(), Buf.size()) == static_cast<ssize_t>(Buf.size());
  }

  // Called by the flusher at end of stream and again by the destructor.
  void finish() {
    std::call_once(Closed, [this] {
      if (Fd >= 0)
        ::close(Fd); // OK: call_once runs this body a single time
    });
  }

private:
  int Fd = -1;
  std::once_flag Closed;
};

// Publishes batches merged from several spool partitions. The author assumed
// EndOfStream marks the last batch overall, but each partition ends with its
// own EndOfStream batch, so with two partitions the producer is closed in the
// middle of the loop and the next batch is sent on a closed producer.
void publishMerged(kafka::KafkaProducer &Producer, const std::vector<Batch> &Merged) {
  for (const Batch &B : Merged) {
    for (const kafka::ProducerRecord &R : B.Records)
      Producer.send(R); // BUG: use-after-close
    if (B.EndOfStream)
      Producer.close();
  }
}

// Copies records to a pipe feeding a compressor process. On a write error the
// descriptor is closed, but the loop keeps going: the next record is written
// to the closed descriptor and the close runs again.
int copyToCompressor(int PipeFd, const std::vector<std::string> &Lines) {
  int Failures = 0;
  for (const std::string &L : Lines) {
    if (::write(PipeFd, L.data(), L.size()) < 0) { // BUG: use-after-close
      ++Failures;
      std::perror("compressor pipe");
      ::close(PipeFd); // BUG: double-close
    }
  }
  return Failures;
}

// Same job done right: the guard flag makes the close run at most once and
// stops further writes.
int copyToArchive(int Fd, const std::vector<std::string> &Lines) {
  bool Closed = false;
  int Written = 0;
  for (const std::string &L : Lines) {
    if (Closed)
      break;
    if (::write(Fd, L.data(), L.size()) < 0) { // OK: loop breaks once the fd is closed
      ::close(Fd); // OK: guarded by Closed, runs at most once
      Closed = true;
      continue;
    }
    ++Written;
  }
  if (!Closed)
    ::close(Fd); // OK: only when the loop did not close it
  return Written;
}

// Two-pass verification: pass 0 writes, pass 1 writes the trailer and closes.
void writeTwoPass(int Fd, const std::vector<std::string> &Lines) {
  for (int Pass = 0; Pass < 2; ++Pass) {
    for (const std::string &L : Lines)
      if (::write(Fd, L.data(), L.size()) < 0) // OK: the close below only happens on the final pass
        return;
    if (Pass == 1)
      ::close(Fd); // OK: Pass == 1 holds on exactly one iteration
  }
}

int main() {
  std::signal(SIGPIPE, SIG_IGN);
  kafka::KafkaProducer Producer("ingest-kafka:9092");
  std::vector<Batch> Merged;
  Merged.push_back({{{"ingest", "a1"}, {"ingest", "a2"}}, true}); // partition A ends
  Merged.push_back({{{"ingest", "b1"}}, true});                  // partition B ends
  publishMerged(Producer, Merged);

  SegmentFile Segment;
  if (Segment.open("/tmp/segment-0001.log")) {
    Segment.append("header");
    Segment.finish();
  } // OK: the destructor's finish() is a no-op after call_once already ran

  int Pipe[2];
  if (::pipe(Pipe) == 0) {
    ::close(Pipe[0]); // reader gone: every write to Pipe[1] fails with EPIPE
    copyToCompressor(Pipe[1], {"r1", "r2", "r3"});
  }

  int Archive = ::open("/tmp/archive.log", O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (Archive >= 0)
    copyToArchive(Archive, {"x", "y"});
  int Verify = ::open("/tmp/verify.log", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Verify >= 0)
    writeTwoPass(Verify, {"v1", "v2"});
  return 0;
}
