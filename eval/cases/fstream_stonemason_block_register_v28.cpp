// Stonemason's yard: keeps a register of quarried blocks (size, bed
// orientation, assigned job) in a text file, allocates free blocks to jobs,
// writes one cut sheet per job, saves the register through a temp file and
// journals each step. Negative case: the journal reopens its stream before
// writing when a checkpoint closed it, the cut-sheet stream is reopened at the
// top of every iteration and skipped when the open fails, and nothing is
// written to a stream between its close() and the next open().
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

struct Block {
  std::string id;
  int length_mm;
  int width_mm;
  int height_mm;
  char bed;
  std::string job;
};

struct Job {
  std::string name;
  int min_length_mm;
  int min_height_mm;
};

class YardJournal {
public:
  explicit YardJournal(std::string path) : path_(std::move(path)) {}

  void entry(const std::string &what) {
    if (!out_.is_open() && !reopen())
      return;
    out_ << std::time(nullptr) << ' ' << what << '\n'; // OK
  }

  void checkpoint() {
    out_.close();
    ++checkpoints_;
  }

  int checkpoints() const { return checkpoints_; }

private:
  bool reopen() {
    out_.open(path_, std::ios::app);
    return out_.is_open();
  }

  std::string path_;
  std::ofstream out_;
  int checkpoints_ = 0;
};

bool load_register(const std::string &path, std::vector<Block> &blocks) {
  std::ifstream in(path);
  if (!in)
    return false;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream fields(line);
    Block b;
    if (!(fields >> b.id >> b.length_mm >> b.width_mm >> b.height_mm >> b.bed))
      continue;
    fields >> b.job;
    blocks.push_back(std::move(b));
  }
  return in.eof();
}

bool save_register(const std::string &path, const std::vector<Block> &blocks) {
  std::string tmp = path + ".tmp";
  std::ofstream out(tmp, std::ios::trunc);
  if (!out)
    return false;
  out << "# id length width height bed job\n";
  for (const Block &b : blocks)
    out << b.id << ' ' << b.length_mm << ' ' << b.width_mm << ' ' << b.height_mm
        << ' ' << b.bed << ' ' << b.job << '\n';
  out.close();
  if (out.fail()) {
    std::remove(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

int allocate_and_print(const std::string &dir, std::vector<Block> &blocks,
                       const std::vector<Job> &jobs, YardJournal &journal) {
  journal.entry("allocation start");
  journal.checkpoint();
  journal.entry("allocating " + std::to_string(jobs.size()) + " jobs"); // OK

  int printed = 0;
  std::ofstream sheet;
  for (const Job &job : jobs) {
    Block *pick = nullptr;
    for (Block &b : blocks)
      if (b.job.empty() && b.length_mm >= job.min_length_mm &&
          b.height_mm >= job.min_height_mm)
        pick = &b;
    if (!pick) {
      journal.entry("no block for " + job.name);
      continue;
    }
    pick->job = job.name;

    sheet.open(dir + "/" + job.name + ".cut", std::ios::trunc);
    if (!sheet.is_open()) {
      journal.entry("cannot write sheet for " + job.name);
      continue;
    }
    sheet << "job " << job.name << "\nblock " << pick->id << " bed " // OK
          << pick->bed << '\n';
    sheet << "saw to " << job.min_length_mm << " x " << job.min_height_mm << '\n'; // OK
    sheet.close();
    ++printed;
  }
  journal.entry("printed " + std::to_string(printed) + " sheets");
  journal.checkpoint();
  return printed;
}
