// Variant-calling stage of a genome pipeline. Reads are split into chromosome
// shards; a Scheduler (scheduler.h) runs one task per shard, each appending VCF
// lines to a shared output FILE* under outMu_. A QC thread, started with the
// stage, periodically writes coverage figures to a QC file.
// Correct: callCohort() waits for every task (Scheduler::wait) before fclose.
// Defects: callPanel() closes the output right after submitting, leaving the
// wait to its caller, so the tasks race with the fclose; stopQc() closes the
// QC file before joining the QC thread; finishRun() shuts the scheduler down
// and then submits the index task (submit() after shutdown() throws).
#include "scheduler.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

struct Variant {
  long pos = 0;
  std::string ref, alt;
  double qual = 0.0;
};

struct Shard {
  std::string chrom;
  std::vector<Variant> calls;
};

class VariantCallingStage {
public:
  explicit VariantCallingStage(Scheduler &sched) : sched_(sched) {}

  void callCohort(const std::vector<Shard> &shards, const std::string &path) {
    openOutput(path);
    for (const Shard &s : shards)
      sched_.submit([this, &s] { emitShard(s); });
    sched_.wait();
    std::fclose(out_); // OK: Scheduler::wait() returned, no task is still writing
    out_ = nullptr;
  }

  // Clinical panel: tiny, so the author assumed the tasks finish at once;
  // the caller waits on the scheduler afterwards.
  void callPanel(const std::vector<Shard> &shards, const std::string &path) {
    openOutput(path);
    for (const Shard &s : shards)
      sched_.submit([this, &s] {
        std::lock_guard<std::mutex> lk(outMu_);
        for (const Variant &v : s.calls)
          std::fprintf(out_, "%s\t%ld\t.\t%s\t%s\t%.1f\tPASS\t.\n", s.chrom.c_str(), v.pos, v.ref.c_str(), v.alt.c_str(), v.qual); // BUG: use-after-close #panel_race
      });
    std::fclose(out_); // SAME: panel_race
  }

  void startQc(const std::string &qcPath, const std::vector<Shard> &shards) {
    qc_ = std::fopen(qcPath.c_str(), "w");
    if (!qc_)
      throw std::runtime_error("cannot open " + qcPath);
    qcStop_ = false;
    qcThread_ = std::thread([this, &shards] {
      while (!qcStop_) {
        for (const Shard &s : shards)
          std::fprintf(qc_, "%s\t%zu\n", s.chrom.c_str(), s.calls.size()); // BUG: use-after-close #qc_race
        std::this_thread::sleep_for(std::chrono::seconds(10));
      }
    });
  }

  void stopQc() {
    qcStop_ = true;
    std::fclose(qc_); // SAME: qc_race
    qcThread_.join();
  }

private:
  void openOutput(const std::string &path) {
    out_ = std::fopen(path.c_str(), "w");
    if (!out_)
      throw std::runtime_error("cannot open " + path);
    std::fputs("##fileformat=VCFv4.3\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n", out_);
  }

  void emitShard(const Shard &s) {
    std::lock_guard<std::mutex> lk(outMu_);
    for (const Variant &v : s.calls)
      std::fprintf(out_, "%s\t%ld\t.\t%s\t%s\t%.1f\tPASS\t.\n", s.chrom.c_str(), v.pos, v.ref.c_str(), v.alt.c_str(), v.qual); // OK: callCohort waits before fclose
  }

  Scheduler &sched_;
  std::FILE *out_ = nullptr;
  std::mutex outMu_;
  std::FILE *qc_ = nullptr;
  std::atomic<bool> qcStop_{false};
  std::thread qcThread_;
};

void buildTabixIndex(const std::string &vcfPath);

void finishRun(Scheduler &sched, const std::string &vcfPath) {
  sched.wait();
  sched.shutdown();
  sched.submit([vcfPath] { buildTabixIndex(vcfPath); }); // BUG: use-after-close
}

void runSample(const std::vector<Shard> &wgs, const std::vector<Shard> &panel) {
  Scheduler sched(2);
  VariantCallingStage stage(sched);
  stage.startQc("sample.qc.tsv", wgs);
  stage.callCohort(wgs, "sample.wgs.vcf");
  stage.callPanel(panel, "sample.panel.vcf");
  sched.wait();
  stage.stopQc();
  finishRun(sched, "sample.wgs.vcf");
}
