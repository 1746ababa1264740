// Backup tool whose cleanup code sits in catch handlers. Negative: in every
// try block the close is the last thing that can run, and it cannot throw —
// fclose() and ::close() are C functions, Archive::close() and logClosed()
// are noexcept — so a handler is only reached from a statement before the
// close, while the handle is still open; the handler closes it once and
// leaves. Archive::add() throws std::logic_error after close().
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

class Archive {
public:
  void add(const std::string &Name, const std::string &Data) {
    if (Closed)
      throw std::logic_error("Archive::add after close");
    if (Data.size() > (1u << 30))
      throw std::length_error("entry too large: " + Name);
    Size += Data.size();
  }
  void close() noexcept { Closed = true; }

private:
  std::size_t Size = 0;
  bool Closed = false;
};

void logClosed(const char *What) noexcept { std::fprintf(stderr, "closed %s\n", What); }
std::string serialize(const std::string &Entry); // may throw std::bad_alloc

bool packEntries(Archive &A, const std::vector<std::string> &Entries) {
  try {
    for (const std::string &E : Entries)
      A.add(E, serialize(E));
    A.close();
    logClosed("archive");
  } catch (const std::exception &Ex) {
    std::fprintf(stderr, "pack failed: %s\n", Ex.what());
    A.close(); // OK: the try's close() and logClosed() are noexcept, so we got here before it
    return false;
  }
  return true;
}

bool writeIndex(const char *Path, const std::vector<std::string> &Entries) {
  FILE *Fp = std::fopen(Path, "w");
  if (!Fp)
    return false;
  try {
    for (const std::string &E : Entries)
      std::fputs(serialize(E).c_str(), Fp);
    std::fclose(Fp);
  } catch (...) {
    std::fputs("# truncated\n", Fp); // OK: fclose() is last in the try and cannot throw
    std::fclose(Fp); // OK: the try's fclose() never ran on this path
    return false;
  }
  return true;
}

int copyToSpool(const std::string &Data) {
  int Fd = ::open("/tmp/backup.spool", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (Fd < 0)
    return -1;
  try {
    std::string Frame = serialize(Data);
    ::write(Fd, Frame.data(), Frame.size());
    ::close(Fd);
  } catch (const std::bad_alloc &) {
    ::write(Fd, "\0", 1); // OK: serialize() threw, ::close() had not run
    ::close(Fd);
    return -1;
  }
  return 0;
}

int main() {
  Archive A;
  std::vector<std::string> Entries = {"etc/hosts", "etc/fstab"};
  if (!packEntries(A, Entries))
    return 1;
  if (!writeIndex("/tmp/backup.idx", Entries))
    return 1;
  return copyToSpool("tail") == 0 ? 0 : 1;
}
