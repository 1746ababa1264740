// Millinery workshop: exports the week's hat orders (head size, brim, trim,
// due date) as a CSV for the block-maker, stamps each export with a CRC-32 of
// its rows, and keeps a fitting log of client fittings that is closed between
// sessions.
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <string>
#include <utility>
#include <vector>

struct HatOrder {
  int number;
  std::string client;
  std::string style;
  double head_cm;
  double brim_cm;
  std::string trim;
  std::string due;
};

static std::uint32_t crc32_update(std::uint32_t crc, const char *data, size_t n) {
  crc = ~crc;
  for (size_t i = 0; i < n; ++i) {
    crc ^= static_cast<unsigned char>(data[i]);
    for (int k = 0; k < 8; ++k)
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

static std::uint32_t file_checksum(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::uint32_t crc = 0;
  char buf[4096];
  while (in.read(buf, sizeof buf) || in.gcount() > 0)
    crc = crc32_update(crc, buf, static_cast<size_t>(in.gcount()));
  return crc;
}

static void write_row(std::ofstream &csv, const HatOrder &o) {
  csv << o.number << ',' << o.client << ',' << o.style << ',' << std::fixed
      << std::setprecision(1) << o.head_cm << ',' << o.brim_cm << ',' << o.trim
      << ',' << o.due << '\n';
}

bool export_orders(const std::string &path, const std::vector<HatOrder> &orders) {
  std::ofstream csv(path, std::ios::trunc);
  if (!csv)
    return false;
  csv << "order,client,style,head_cm,brim_cm,trim,due\n";
  for (const HatOrder &o : orders) {
    if (o.head_cm < 48.0 || o.head_cm > 64.0)
      continue;
    write_row(csv, o);
  }
  csv.close();
  if (csv.fail())
    return false;

  std::uint32_t sum = file_checksum(path);
  csv << "#crc32," << std::hex << sum << '\n'; // BUG: use-after-close
  return true;
}

bool export_rush_orders(const std::string &path, const std::vector<HatOrder> &orders) {
  std::ofstream csv(path, std::ios::trunc);
  if (!csv)
    return false;
  csv << "order,client,style,head_cm,brim_cm,trim,due\n";
  for (const HatOrder &o : orders)
    write_row(csv, o);
  csv.close();

  std::uint32_t sum = file_checksum(path);
  csv.open(path, std::ios::app);
  if (!csv.is_open())
    return false;
  csv << "#crc32," << std::hex << sum << '\n'; // OK
  csv.close();
  return !csv.fail();
}

class FittingLog {
public:
  explicit FittingLog(std::string path) : path_(std::move(path)) {}

  bool beginSession(const std::string &date) {
    out_.open(path_, std::ios::app);
    if (!out_.is_open())
      return false;
    out_ << "== session " << date << '\n'; // OK
    return true;
  }

  void note(int order, const std::string &what) {
    if (!out_.is_open())
      return;
    out_ << order << ": " << what << '\n'; // OK
  }

  void endSession() {
    if (!out_.is_open())
      return;
    out_ << "== end\n"; // OK
    out_.close();
  }

private:
  std::string path_;
  std::ofstream out_;
};

void record_fittings(FittingLog &log, const std::string &date,
                     const std::vector<std::pair<int, std::string>> &notes) {
  if (!log.beginSession(date))
    return;
  for (const auto &n : notes)
    log.note(n.first, n.second);
  log.endSession();
  log.note(0, "session total " + std::to_string(notes.size())); // OK
}
