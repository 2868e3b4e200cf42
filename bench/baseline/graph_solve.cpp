// The baseline of bench/graph-vs-cpp.sh: a tight C++ solver of move graphs, writing what
// `grundy graph FILE` and `grundy graph FILE --json` write, byte for byte. It reads the whole
// file at once, numbers positions by their names (which must be 0, 1, 2, … in order of first
// appearance, as in the benchmark's files), builds forward and backward compressed rows by
// counting (in two cache-friendly passes), settles outcomes and remoteness by retrograde
// analysis (a FIFO queue) and computes generalized Sprague–Grundy values one value at a time
// (Smith; Fraenkel and Yesha), the algorithms grundy uses, on one core.
// Build: g++ -O2 -o graph_solve graph_solve.cpp; run: graph_solve FILE [--json]
// GRAPH_SOLVE_TIMES=1 prints the time of each phase on standard error.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

using u32 = uint32_t;
static const u32 UNLABELLED = 0xffffffffu, INFINITE = 0xfffffffeu, NONE = 0xffffffffu;

static std::vector<char> out;
static void put(const char* s, size_t n) { out.insert(out.end(), s, s + n); }
static void put(const char* s) { put(s, strlen(s)); }
static void put(u32 v) {
    char b[12];
    int i = 12;
    do {
        b[--i] = char('0' + v % 10);
        v /= 10;
    } while (v);
    put(b + i, 12 - i);
}
static void flush() {
    fwrite(out.data(), 1, out.size(), stdout);
    out.clear();
}

// Compressed rows of the pairs (key << 32 | value) over keys 0 … n − 1, stable; `grouped`
// is scratch room (reused, so its pages are touched once).
static void rows(u32 n, const std::vector<uint64_t>& pairs, std::vector<uint64_t>& grouped,
                 std::vector<u32>& start, std::vector<u32>& out) {
    size_t m = pairs.size();
    int shift = 12;
    while ((size_t(n) >> shift) > 256) shift++;
    size_t buckets = (size_t(n) >> shift) + 1;
    std::vector<size_t> bstart(buckets + 1, 0);
    for (uint64_t p : pairs) bstart[(p >> (32 + shift)) + 1]++;
    for (size_t b = 0; b < buckets; b++) bstart[b + 1] += bstart[b];
    std::vector<size_t> fill(bstart.begin(), bstart.end() - 1);
    grouped.resize(m);
    for (uint64_t p : pairs) grouped[fill[p >> (32 + shift)]++] = p;
    start.assign(size_t(n) + 1, 0);
    out.resize(m);
    for (size_t i = 0; i < m; i++) start[(grouped[i] >> 32) + 1]++;
    for (u32 u = 0; u < n; u++) start[u + 1] += start[u];
    std::vector<u32> next(start.begin(), start.end() - 1);
    for (size_t i = 0; i < m; i++) out[next[grouped[i] >> 32]++] = u32(grouped[i]);
}

static double t0 = 0;
static void lap(const char* what) {
    if (!getenv("GRAPH_SOLVE_TIMES")) return;
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    double t = ts.tv_sec + ts.tv_nsec * 1e-9;
    if (t0) fprintf(stderr, "%s %.3f s\n", what, t - t0);
    t0 = t;
}

[[noreturn]] static void fail(const char* what) {
    fprintf(stderr, "graph_solve: %s\n", what);
    exit(2);
}

int main(int argc, char** argv) {
    if (argc < 2) fail("usage: graph_solve FILE [--json]");
    bool json = argc > 2 && strcmp(argv[2], "--json") == 0;
    lap("");
    FILE* f = fopen(argv[1], "rb");
    if (!f) fail("cannot open the file");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    std::vector<char> text(size + 1);
    if (fread(text.data(), 1, size, f) != size_t(size)) fail("cannot read the file");
    text[size] = '\n';
    fclose(f);

    // Parse: a line with one number declares a position, with two it is a move.
    u32 n = 0;
    std::vector<uint64_t> pairs;
    pairs.reserve(size / 10);
    auto id = [&](u32 k) {
        if (k > n) fail("positions must be named 0, 1, 2, ... in order of first appearance");
        if (k == n) n++;
        return k;
    };
    for (const char *p = text.data(), *end = p + size; p < end;) {
        u32 v[2];
        int k = 0;
        while (*p != '\n') {
            if (*p == ' ' || *p == '\t' || *p == '\r') {
                p++;
                continue;
            }
            if (*p < '0' || *p > '9' || k == 2) fail("expected one or two numbers per line");
            u32 x = 0;
            while (*p >= '0' && *p <= '9') x = x * 10 + u32(*p++ - '0');
            v[k++] = id(x);
        }
        p++;
        if (k == 2) pairs.push_back(uint64_t(v[0]) << 32 | v[1]);
    }
    std::vector<char>().swap(text);
    size_t m = pairs.size();
    lap("read and parse");

    // Compressed rows: moves out of u are succ[start[u] .. start[u + 1]], moves into v pred[…].
    // Built by a stable counting sort in two passes (pairs grouped by the high bits of their
    // key, then each group, whose keys fit the cache, placed), as a scatter of every pair to
    // its final place is a cache miss a move.
    std::vector<u32> start, succ, pstart, pred;
    std::vector<uint64_t> grouped;
    rows(n, pairs, grouped, start, succ);
    for (u32 u = 0; u < n; u++)
        for (u32 i = start[u]; i < start[u + 1]; i++) pairs[i] = uint64_t(succ[i]) << 32 | u;
    rows(n, pairs, grouped, pstart, pred);
    std::vector<uint64_t>().swap(pairs);
    std::vector<uint64_t>().swap(grouped);
    lap("rows");

    // Retrograde analysis: outcome 'N', 'P' or 'D', remoteness or NONE.
    std::vector<char> outcome(n, 'D');
    std::vector<u32> remote(n, NONE), left(n), queue;
    queue.reserve(n);
    for (u32 u = 0; u < n; u++) {
        left[u] = start[u + 1] - start[u];
        if (left[u] == 0) outcome[u] = 'P', remote[u] = 0, queue.push_back(u);
    }
    for (size_t head = 0; head < queue.size(); head++) {
        u32 v = queue[head], r = remote[v] + 1;
        bool lost = outcome[v] == 'P';
        for (u32 i = pstart[v]; i < pstart[v + 1]; i++) {
            u32 u = pred[i];
            if (left[u] == 0) continue;
            if (lost) {
                left[u] = 0, outcome[u] = 'N', remote[u] = r, queue.push_back(u);
            } else if (--left[u] == 0) {
                outcome[u] = 'P', remote[u] = r, queue.push_back(u);
            }
        }
    }
    std::vector<u32>().swap(left);
    std::vector<u32>().swap(queue);

    lap("retrograde");

    // Generalized Sprague-Grundy values, one value m at a time. Draws are exactly the ∞
    // values without 0 (Smith), so they are labelled ∞ at once and the rounds visit only
    // the other positions (the same algorithm as grundy's).
    std::vector<u32> label(n), bad(n), mark(n, 0), work, cand;
    for (u32 u = 0; u < n; u++) {
        label[u] = outcome[u] == 'D' ? INFINITE : UNLABELLED;
        if (label[u] == UNLABELLED) cand.push_back(u);
    }
    auto open = [&](u32 l) { return l == UNLABELLED || l == INFINITE; };
    for (u32 mv = 0; !cand.empty(); mv++) {
        u32 stamp = mv + 1;
        for (u32 u : cand) {
            u32 b = 0;
            for (u32 i = start[u]; i < start[u + 1]; i++) b += open(label[succ[i]]);
            bad[u] = b;
            if (b == 0) work.push_back(u);
        }
        while (!work.empty()) {
            u32 u = work.back();
            work.pop_back();
            if (label[u] != UNLABELLED || mark[u] == stamp || bad[u] != 0) continue;
            label[u] = mv;
            for (u32 i = pstart[u]; i < pstart[u + 1]; i++) {
                u32 p = pred[i];
                if (mark[p] == stamp) continue;
                mark[p] = stamp;
                if (!open(label[p])) continue;
                for (u32 j = pstart[p]; j < pstart[p + 1]; j++) {
                    u32 q = pred[j];
                    if (label[q] != UNLABELLED) continue;
                    if (--bad[q] == 0 && mark[q] != stamp) work.push_back(q);
                }
            }
        }
        size_t keep = 0;
        for (u32 u : cand) {
            if (label[u] == UNLABELLED && mark[u] != stamp) label[u] = INFINITE;
            if (label[u] == UNLABELLED) cand[keep++] = u;
        }
        cand.resize(keep);
    }
    lap("grundy values");

    // A position's grundy cell: the value, or ∞(the finite values of its moves).
    std::vector<u32> ks;
    auto grundy = [&](u32 u) {
        if (label[u] != INFINITE) return put(label[u]);
        ks.clear();
        for (u32 i = start[u]; i < start[u + 1]; i++)
            if (label[succ[i]] < INFINITE) ks.push_back(label[succ[i]]);
        std::sort(ks.begin(), ks.end());
        ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
        put("∞(");
        for (size_t i = 0; i < ks.size(); i++) {
            if (i) put(",");
            put(ks[i]);
        }
        put(")");
    };
    u32 count[3] = {0, 0, 0};  // N, P, D
    for (u32 u = 0; u < n; u++) count[outcome[u] == 'N' ? 0 : outcome[u] == 'P' ? 1 : 2]++;

    out.reserve(1 << 20);
    if (json) {
        put("{\"positions\":{");
        for (u32 u = 0; u < n; u++) {
            put(u ? ",\"" : "\"");
            put(u);
            put("\":{\"outcome\":\"");
            put(&outcome[u], 1);
            put("\",\"remoteness\":");
            if (remote[u] == NONE) put("null"); else put(remote[u]);
            put(",\"grundy\":");
            if (label[u] == INFINITE) put("\""), grundy(u), put("\""); else grundy(u);
            put("}");
            if (out.size() > (1 << 20)) flush();
        }
        put("},\"counts\":{\"N\":"), put(count[0]), put(",\"P\":"), put(count[1]);
        put(",\"D\":"), put(count[2]), put("}}\n");
    } else {
        put(argv[1]), put(": "), put(n), put(n == 1 ? " position, " : " positions, ");
        put(u32(m)), put(m == 1 ? " move" : " moves"), put(" — N "), put(count[0]);
        put(", P "), put(count[1]), put(", D "), put(count[2]), put("\n");
        u32 rows = n < 1000 ? n : 1000, width = 8;
        for (u32 u = 0; u < rows; u++) width = std::max<u32>(width, std::to_string(u).size());
        auto pad = [&](const std::string& s, u32 w) {
            put(s.c_str());
            for (size_t i = s.size(); i < w; i++) put(" ");
        };
        pad("position", width), put("  outcome  remoteness  grundy\n");
        for (u32 u = 0; u < rows; u++) {
            pad(std::to_string(u), width), put("  "), pad(std::string(1, outcome[u]), 7);
            put("  "), pad(remote[u] == NONE ? "-" : std::to_string(remote[u]), 10), put("  ");
            grundy(u), put("\n");
        }
        if (n > rows) put("… and "), put(n - rows), put(" more positions (use --json)\n");
    }
    flush();
    lap("output");
}
