// Termite mound fumigation: for every mound the controller starts the dosing
// program with popen(), streams one dose line per probe hole into it, and
// keeps a CSV report open in the same struct. A probe reading above the
// safety limit aborts the run: abort_run() pcloses the pipe but leaves the
// member set, so the normal end_run() in fumigate() pcloses it a second time.
// fumigate_checked() clears the member after aborting and is correct.
#include <cstdio>
#include <vector>

struct DosingRun {
    FILE* pipe = nullptr;    // stdin of the dosing program
    FILE* report = nullptr;  // CSV report
    int mound_id = 0;
};

struct ProbeHole {
    int id;
    double grams;
    double co2_ppm;
};

constexpr double kCo2Limit = 9000.0;

static int finish_pipe(DosingRun& run) {
    if (!run.pipe) return 0;
    int status = pclose(run.pipe); // SAME: endrun
    run.pipe = nullptr;
    return status;
}

bool start_run(DosingRun& run, int mound, const char* report_path) {
    run.mound_id = mound;
    run.pipe = popen("/usr/local/bin/fumidose --stdin", "w");
    if (!run.pipe) return false;
    run.report = std::fopen(report_path, "a");
    if (!run.report) {
        finish_pipe(run);
        return false;
    }
    return true;
}

bool send_dose(DosingRun& run, const ProbeHole& hole) {
    if (!run.pipe) return false;
    if (std::fprintf(run.pipe, "dose %d %.2f\n", hole.id, hole.grams) < 0) {
        pclose(run.pipe);
        run.pipe = nullptr;
        std::fprintf(run.report, "%d,%d,aborted\n", run.mound_id, hole.id); // OK: the report is a different stream
        return false;
    }
    std::fflush(run.pipe); // OK: the error branch returned
    std::fprintf(run.report, "%d,%d,%.2f\n", run.mound_id, hole.id, hole.grams);
    return true;
}

void abort_run(DosingRun& run) {
    std::fprintf(run.report, "%d,abort,co2\n", run.mound_id);
    std::fputs("abort\n", run.pipe);
    pclose(run.pipe);
}

void end_run(DosingRun& run) {
    finish_pipe(run);
    if (run.report) {
        std::fclose(run.report);
        run.report = nullptr;
    }
}

void fumigate(int mound, const std::vector<ProbeHole>& holes, const char* report_path) {
    DosingRun run;
    if (!start_run(run, mound, report_path)) return;
    for (const ProbeHole& hole : holes) {
        if (hole.co2_ppm > kCo2Limit) {
            abort_run(run);
            break;
        }
        if (!send_dose(run, hole)) break;
    }
    end_run(run); // BUG: double-close #endrun
}

void fumigate_checked(int mound, const std::vector<ProbeHole>& holes, const char* report_path) {
    DosingRun run;
    if (!start_run(run, mound, report_path)) return;
    for (const ProbeHole& hole : holes) {
        if (hole.co2_ppm > kCo2Limit) {
            abort_run(run);
            run.pipe = nullptr;
            break;
        }
        if (!send_dose(run, hole)) break;
    }
    end_run(run); // OK: pipe cleared after abort_run, finish_pipe skips it
}

int dosing_tool_version(char* out, int len) {
    FILE* p = popen("/usr/local/bin/fumidose --version", "r");
    if (!p) return -1;
    if (!std::fgets(out, len, p)) {
        pclose(p);
        return -1;
    }
    return pclose(p); // OK: the failed-read branch returned before this
}
