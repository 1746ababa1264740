// The same stream is closed through two names.
#include <cstdio>

struct Job {
  FILE *log;
  FILE *err;
};

void finishJob(Job &job) {
  FILE *log = job.log;
  fputs("done\n", log);
  fclose(log);
  if (job.err != job.log)
    fclose(job.err);
  fclose(job.log); // BUG: double-close
}
