// Partitioned event dump of an analytics job: events are hashed into N
// shard files (FILE* kept in a std::vector), optionally mirrored to stdout.
// failShard() closes a shard whose write failed and nulls its slot;
// truncateShard() reopens a shard with freopen(); closeAll() closes every
// shard once and clears the vector; merge() concatenates the shard files
// (the job calls it after closeAll()). writeRegionExtracts() writes one
// extract per region; small regions share a single "misc" extract file.
#include <cstddef>
#include <cstdio>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace analytics {

class ShardedDump {
public:
  ShardedDump(const std::string &Dir, unsigned N, bool MirrorToStdout);
  ~ShardedDump();
  void write(const std::string &Key, const std::string &Event);
  void truncateShard(std::size_t I);
  void closeAll();
  bool merge(const std::string &OutPath) const;

private:
  void failShard(std::size_t I);
  std::vector<std::FILE *> Shards;
  std::vector<std::string> Paths;
  std::FILE *Mirror = nullptr; // stdout when mirroring; not owned
  unsigned long Dropped = 0;
};

ShardedDump::ShardedDump(const std::string &Dir, unsigned N, bool MirrorToStdout) {
  for (unsigned I = 0; I < N; ++I) {
    Paths.push_back(Dir + "/shard-" + std::to_string(I) + ".tsv");
    std::FILE *F = std::fopen(Paths.back().c_str(), "w");
    if (!F) {
      closeAll();
      throw std::runtime_error("cannot create " + Paths.back());
    }
    Shards.push_back(F);
  }
  if (MirrorToStdout)
    Mirror = stdout;
}

ShardedDump::~ShardedDump() { closeAll(); }

void ShardedDump::failShard(std::size_t I) {
  std::fclose(Shards[I]);
  Shards[I] = nullptr;
}

void ShardedDump::write(const std::string &Key, const std::string &Event) {
  if (Shards.empty())
    return;
  const std::size_t I = std::hash<std::string>{}(Key) % Shards.size();
  if (!Shards[I]) {
    ++Dropped;
    return;
  }
  if (std::fprintf(Shards[I], "%s\t%s\n", Key.c_str(), Event.c_str()) < 0)
    failShard(I);
  if (Shards[I])
    std::fflush(Shards[I]); // OK: failShard() nulls the slot it closed
  if (Mirror)
    std::fprintf(Mirror, "%s\t%s\n", Key.c_str(), Event.c_str());
}

void ShardedDump::truncateShard(std::size_t I) {
  if (I >= Shards.size() || !Shards[I])
    return;
  Shards[I] = std::freopen(Paths[I].c_str(), "w", Shards[I]);
  if (Shards[I])
    std::fputs("# truncated\n", Shards[I]); // OK: freopen() succeeded
}

void ShardedDump::closeAll() {
  for (std::FILE *F : Shards)
    if (F)
      std::fclose(F); // OK: each shard once, failed shards are null
  Shards.clear();
  if (Mirror) {
    std::fflush(Mirror);
    Mirror = nullptr;
  }
}

bool ShardedDump::merge(const std::string &OutPath) const {
  std::FILE *Out = std::fopen(OutPath.c_str(), "w");
  if (!Out)
    return false;
  char Buf[4096];
  for (const std::string &P : Paths) {
    std::FILE *In = std::fopen(P.c_str(), "r");
    if (!In)
      continue;
    std::size_t N;
    while ((N = std::fread(Buf, 1, sizeof Buf, In)) > 0)
      std::fwrite(Buf, 1, N, Out);
    std::fclose(In); // OK: a new stream is opened in every iteration
  }
  return std::fclose(Out) == 0;
}

bool writeRegionExtracts(const std::string &Dir,
                         const std::map<std::string, std::vector<std::string>> &ByRegion) {
  constexpr std::size_t SmallRegion = 100;
  std::vector<std::FILE *> Files;
  std::FILE *Misc = nullptr;
  for (const auto &Entry : ByRegion) {
    std::FILE *F = nullptr;
    if (Entry.second.size() < SmallRegion) {
      if (!Misc)
        Misc = std::fopen((Dir + "/misc.tsv").c_str(), "w");
      F = Misc;
    } else {
      F = std::fopen((Dir + "/" + Entry.first + ".tsv").c_str(), "w");
    }
    if (!F)
      continue;
    for (const std::string &Row : Entry.second)
      std::fprintf(F, "%s\t%s\n", Entry.first.c_str(), Row.c_str());
    Files.push_back(F);
  }
  bool Complete = true;
  for (std::FILE *F : Files)
    if (std::fclose(F) != 0) // BUG: double-close
      Complete = false;
  return Complete;
}

} // namespace analytics
