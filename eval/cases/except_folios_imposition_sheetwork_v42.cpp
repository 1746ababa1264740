// Imposition for a short-run book printer: pages are laid out in folios on
// press sheets (sheetwork), the layout is written to an imposition file and
// a plate job is sent to the platesetter over a socket. Each writer closes
// its handle as the last step of its try block and again in the catch.
// Correct: everything that can throw runs before the try's close, and what
// follows it (integer counters) cannot throw, so the catch never sees a
// closed handle.
#include <cerrno>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

struct Folio {
  int sheet;
  bool outer;       // outer or inner forme
  int pages[4];     // reading order of the four pages on this side
};

struct ImpositionStats {
  int sheets = 0;
  int plates = 0;
};

static void writeFolio(FILE *fp, const Folio &f) {
  if (std::fprintf(fp, "sheet %d %s: %d %d %d %d\n", f.sheet, f.outer ? "outer" : "inner",
                   f.pages[0], f.pages[1], f.pages[2], f.pages[3]) < 0)
    throw std::runtime_error("imposition file write failed");
}

void writeImposition(const std::string &path, const std::vector<Folio> &folios,
                     ImpositionStats &stats) {
  FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    throw std::system_error(errno, std::generic_category(), path);
  try {
    for (const Folio &f : folios)
      writeFolio(fp, f);
    if (std::fflush(fp) != 0)
      throw std::system_error(errno, std::generic_category(), "flush " + path);
    std::fclose(fp);
    stats.sheets += static_cast<int>(folios.size() / 2);
  } catch (...) {
    std::fclose(fp); // OK: the try's fclose is followed only by an int update
    std::remove(path.c_str());
    throw;
  }
}

static void sendAll(int sock, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::write(sock, data.data() + off, data.size() - off);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw std::system_error(errno, std::generic_category(), "platesetter");
    }
    off += static_cast<std::size_t>(n);
  }
}

void sendPlateJob(int sock, const std::vector<Folio> &folios, ImpositionStats &stats) {
  try {
    for (const Folio &f : folios)
      sendAll(sock, "PLATE " + std::to_string(f.sheet) + (f.outer ? " O\n" : " I\n"));
    sendAll(sock, "END\n");
    ::close(sock);
  } catch (const std::system_error &e) {
    std::fprintf(stderr, "plate job aborted: %s\n", e.what());
    ::close(sock); // OK: close() is the try's last statement
    return;
  }
  stats.plates += static_cast<int>(folios.size());
}

std::vector<Folio> imposeOctavo(int signatures) {
  std::vector<Folio> out;
  for (int s = 0; s < signatures; ++s) {
    int base = s * 16;
    out.push_back({s * 2 + 1, true, {base + 1, base + 16, base + 13, base + 4}});
    out.push_back({s * 2 + 1, false, {base + 3, base + 14, base + 15, base + 2}});
  }
  return out;
}
