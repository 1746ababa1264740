// Shoeing records of a travelling farrier. Each horse's RFID tag is read by a
// HoofReader (read() throws once the reader is closed) and the shoeing is
// appended to the yard's record file. The helpers close the reader or the
// file only on their error paths and then throw, return false or call a
// [[noreturn]] function; every caller returns, stops or rethrows on those
// results, so nothing reaches a closed reader or file (HoofReader::close() is
// a no-op on a closed reader).
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

class HoofReader {
public:
  explicit HoofReader(std::string port) : port_(std::move(port)) {}

  std::string read() {
    if (closed_)
      throw std::runtime_error("hoof reader closed on " + port_);
    return "982000" + std::to_string(++reads_);
  }

  int signalDb() const { return -42 - reads_ % 7; }
  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

private:
  std::string port_;
  int reads_ = 0;
  bool closed_ = false;
};

class WeakSignal : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

std::string readTagOrThrow(HoofReader &reader) {
  if (reader.signalDb() < -60) {
    reader.close();
    throw WeakSignal("tag signal too weak");
  }
  return reader.read();
}

bool appendShoeing(std::FILE *records, const std::string &tag, const std::string &work) {
  if (std::fprintf(records, "%s,%s\n", tag.c_str(), work.c_str()) < 0) {
    std::fclose(records);
    return false;
  }
  return true;
}

[[noreturn]] void abandonYard(std::FILE *records, const char *why) {
  std::fprintf(records, "# abandoned: %s\n", why);
  std::fclose(records);
  std::abort();
}

enum class Outcome { Shod, NoTag, RecordsLost };

Outcome shoeHorse(HoofReader &reader, std::FILE *records, const std::string &work) {
  std::string tag;
  try {
    tag = readTagOrThrow(reader);
  } catch (const WeakSignal &) {
    return Outcome::NoTag;
  }
  std::string second = reader.read(); // OK
  if (second == tag)
    abandonYard(records, "reader returns stale tags");
  if (!appendShoeing(records, tag, work))
    return Outcome::RecordsLost;
  std::fprintf(records, "# confirmed %s\n", second.c_str()); // OK
  return Outcome::Shod;
}

int yardVisit(const char *path, HoofReader &reader, int horses) {
  std::FILE *records = std::fopen(path, "a");
  if (!records)
    return -1;
  int done = 0;
  for (int i = 0; i < horses; ++i) {
    Outcome o = shoeHorse(reader, records, "front pair, hot fitted");
    if (o == Outcome::RecordsLost)
      return done;
    if (o == Outcome::NoTag)
      break;
    ++done;
  }
  std::fprintf(records, "# %d horses\n", done); // OK
  std::fclose(records); // OK
  reader.close(); // OK
  return done;
}

void trimOnly(HoofReader &reader) {
  std::string tag = readTagOrThrow(reader);
  std::printf("trimmed %s\n", tag.c_str());
  std::printf("next tag %s\n", reader.read().c_str()); // OK
}
