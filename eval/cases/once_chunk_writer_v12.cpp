// Chunked backup writer. Bugs: writeChunks() closes the shared output
// descriptor at the end of every iteration instead of after the loop, so the
// second chunk is written to a closed fd and closed again; dumpTables()
// closes the report stream when it reaches the second table ("if (i == 1)")
// but keeps iterating and writing; streamParts() closes the channel on the
// last-part marker without a break and sends the following parts;
// forwardLines() closes on an empty line and then continues, not breaks.
#include "messaging.h"
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

struct Chunk {
  std::string Data;
  bool Compressed = false;
};

int writeChunks(const char *Path, const std::vector<Chunk> &Chunks) {
  int Fd = ::open(Path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (Fd < 0)
    return -1;
  for (const Chunk &C : Chunks) {
    std::string Frame = (C.Compressed ? "Z" : "R") + C.Data;
    ::write(Fd, Frame.data(), Frame.size()); // BUG: use-after-close
    ::close(Fd); // BUG: double-close
  }
  return 0;
}

void dumpTables(FILE *Report, const std::vector<std::string> &Tables) {
  for (std::size_t I = 0; I < Tables.size(); ++I) {
    std::fprintf(Report, "table %s\n", Tables[I].c_str()); // BUG: use-after-close
    if (I == 1)
      std::fclose(Report); // the second table is the last one we care about
  }
}

void streamParts(EventChannel &Out, const std::vector<std::string> &Parts) {
  for (const std::string &P : Parts) {
    Out.send(P); // BUG: use-after-close
    if (P == "LAST")
      Out.close();
  }
}

void forwardLines(int Fd, const std::vector<std::string> &Lines) {
  for (const std::string &L : Lines) {
    if (L.empty()) {
      ::close(Fd); // BUG: double-close (added after the first run: a second empty line closes Fd again)
      continue;
    }
    ::write(Fd, L.data(), L.size()); // BUG: use-after-close
  }
}

void closeEach(const std::vector<int> &Fds) {
  for (int Fd : Fds)
    ::close(Fd); // OK: a different descriptor in every iteration
}

void writeHeaderOnce(FILE *Fp, int Copies) {
  for (int I = 0; I < Copies; ++I) {
    if (I == 0)
      std::fputs("BACKUP v3\n", Fp);
    std::fprintf(Fp, "copy %d\n", I);
  }
  std::fclose(Fp); // OK: after the loop, once
}

int main() {
  std::vector<Chunk> Chunks = {{"abc", false}, {"def", true}};
  writeChunks("/tmp/backup.bin", Chunks);
  if (FILE *R = std::fopen("/tmp/tables.txt", "w"))
    dumpTables(R, {"users", "orders", "audit"});
  EventChannel Out;
  streamParts(Out, {"p1", "LAST", "trailer"});
  if (FILE *H = std::fopen("/tmp/header.txt", "w"))
    writeHeaderOnce(H, 3);
  forwardLines(::open("/dev/null", O_WRONLY), {"a", "", "b"});
  closeEach({::open("/dev/null", O_RDONLY), ::open("/dev/zero", O_RDONLY)});
  return 0;
}
