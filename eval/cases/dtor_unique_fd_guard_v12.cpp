// Snapshot writer that owns its streams and descriptors through RAII: a
// unique_ptr<FILE> with a closing deleter, a UniqueFile wrapper whose close()
// releases the handle before closing it, and a dismissable scope guard. Negative: every
// explicit close either goes through the owner (reset()/close() that clears
// the handle, so the destructor skips it) or follows release(), and the guard
// is dismissed on the path that hands the descriptor away.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>

struct FileCloser {
  void operator()(FILE *Fp) const { std::fclose(Fp); }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

class UniqueFile {
public:
  explicit UniqueFile(const char *Path, const char *Mode) : Fp(std::fopen(Path, Mode)) {}
  ~UniqueFile() {
    if (Fp)
      std::fclose(Fp); // OK: close() nulls Fp first, so this runs only for unclosed files
  }
  UniqueFile(const UniqueFile &) = delete;
  UniqueFile &operator=(const UniqueFile &) = delete;
  explicit operator bool() const { return Fp != nullptr; }
  int close() { return std::fclose(std::exchange(Fp, nullptr)); }
  int print(const char *Line) { return std::fprintf(Fp, "%s\n", Line); }

private:
  FILE *Fp;
};

class ScopeGuard {
public:
  explicit ScopeGuard(std::function<void()> Fn) : Fn(std::move(Fn)) {}
  ~ScopeGuard() {
    if (Fn)
      Fn();
  }
  void dismiss() { Fn = nullptr; }

private:
  std::function<void()> Fn;
};

void registerSnapshot(int Fd); // takes ownership of Fd and closes it later

bool writeSnapshot(const std::string &Path, const std::string &Data) {
  FilePtr Out(std::fopen(Path.c_str(), "wb"));
  if (!Out)
    return false;
  if (std::fwrite(Data.data(), 1, Data.size(), Out.get()) != Data.size())
    return false;
  std::fflush(Out.get());
  ::fsync(::fileno(Out.get()));
  Out.reset(); // OK: the deleter closes the stream once and leaves Out empty
  return true;
}

bool writeManifest(const char *Path) {
  UniqueFile Manifest(Path, "w");
  if (!Manifest)
    return false;
  Manifest.print("version 3");
  if (Manifest.close() != 0)
    return false;
  return true;
} // OK: the destructor sees a null handle after close()

bool publishSnapshot(const std::string &Path) {
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  ScopeGuard CloseOnError([Fd] { ::close(Fd); });
  char Magic[4];
  if (::read(Fd, Magic, sizeof Magic) != 4)
    return false;
  CloseOnError.dismiss();
  registerSnapshot(Fd); // OK: the guard was dismissed, ownership moves to the registry
  return true;
}

void copyHeader(const char *From, FILE *To) {
  FilePtr Src(std::fopen(From, "rb"));
  if (!Src)
    return;
  FILE *Raw = Src.release();
  char Buf[64];
  size_t N = std::fread(Buf, 1, sizeof Buf, Raw);
  std::fwrite(Buf, 1, N, To);
  std::fclose(Raw); // OK: release() gave up ownership, nothing else closes Raw
}

int main() {
  if (!writeSnapshot("/tmp/snap.bin", "payload") || !writeManifest("/tmp/snap.manifest"))
    return 1;
  copyHeader("/tmp/snap.bin", stdout);
  return publishSnapshot("/tmp/snap.bin") ? 0 : 1;
}
