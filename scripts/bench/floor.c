/* The libsecp256k1 floor: the same curve operations CoreCashu performs, called from C (docs/performance.md).
 * Build and run: scripts/bench/floor  (needs libsecp256k1-dev and libssl-dev for SHA-256). Prints median µs/op. */
#include <openssl/sha.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BATCH 2000
#define ROUNDS 21

static secp256k1_context *ctx;
static volatile unsigned sink;

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int hash_to_curve(const unsigned char *msg, size_t len, secp256k1_pubkey *out) {
    static const char prefix[] = "Secp256k1_HashToCurve_Cashu_";
    unsigned char buf[64 + 64], msg_hash[32], candidate[33];
    SHA256_CTX c;
    SHA256_Init(&c);
    SHA256_Update(&c, prefix, sizeof prefix - 1);
    SHA256_Update(&c, msg, len);
    SHA256_Final(msg_hash, &c);
    memcpy(buf, msg_hash, 32);
    candidate[0] = 0x02;
    for (uint32_t counter = 0; counter < 65536; counter++) {
        buf[32] = counter & 0xff; buf[33] = (counter >> 8) & 0xff; buf[34] = (counter >> 16) & 0xff; buf[35] = counter >> 24;
        SHA256(buf, 36, candidate + 1);
        if (secp256k1_ec_pubkey_parse(ctx, out, candidate, 33)) return 1;
    }
    return 0;
}

typedef void (*op_fn)(int i);

static secp256k1_pubkey K, C_, Y, P;
static unsigned char r[32], k[32], msg32[32], sig[64], compressed[33];
static secp256k1_keypair keypair;
static secp256k1_xonly_pubkey xonly;
static const char *secret = "407915bc212be61a77e3e6d2aeb4c727980bda51cd06a6afc29e2861768a7837";

static void op_parse(int i) { (void)i; secp256k1_pubkey p; sink += secp256k1_ec_pubkey_parse(ctx, &p, compressed, 33); }
static void op_h2c(int i) { (void)i; secp256k1_pubkey p; sink += hash_to_curve((const unsigned char *)secret, 64, &p); }
static void op_blind(int i) {
    (void)i;
    secp256k1_pubkey y, rg, b;
    hash_to_curve((const unsigned char *)secret, 64, &y);
    secp256k1_ec_pubkey_create(ctx, &rg, r);
    const secp256k1_pubkey *pair[2] = {&y, &rg};
    sink += secp256k1_ec_pubkey_combine(ctx, &b, pair, 2);
}
static void op_unblind(int i) {
    (void)i;
    secp256k1_pubkey rk = K, c;
    secp256k1_ec_pubkey_tweak_mul(ctx, &rk, r);
    secp256k1_ec_pubkey_negate(ctx, &rk);
    const secp256k1_pubkey *pair[2] = {&C_, &rk};
    sink += secp256k1_ec_pubkey_combine(ctx, &c, pair, 2);
}
static void op_mul(int i) { (void)i; secp256k1_pubkey p = P; sink += secp256k1_ec_pubkey_tweak_mul(ctx, &p, k); }
static void op_sign(int i) { (void)i; unsigned char s[64]; sink += secp256k1_schnorrsig_sign32(ctx, s, msg32, &keypair, msg32); }
/* What Schnorr.sign does per call: make the keypair from the private key, then sign. */
static void op_keypair_sign(int i) {
    (void)i;
    secp256k1_keypair kp;
    unsigned char s[64];
    sink += secp256k1_keypair_create(ctx, &kp, k);
    sink += secp256k1_schnorrsig_sign32(ctx, s, msg32, &kp, msg32);
}
static void op_verify(int i) { (void)i; sink += secp256k1_schnorrsig_verify(ctx, sig, msg32, 32, &xonly); }

/* NUT-12 hash_e: SHA-256 over the lowercase hex of each point's 65-byte uncompressed form. */
static void hash_e(const secp256k1_pubkey *const *points, int n, unsigned char out[32]) {
    static const char digits[] = "0123456789abcdef";
    SHA256_CTX c;
    SHA256_Init(&c);
    for (int p = 0; p < n; p++) {
        unsigned char raw[65], text[130];
        size_t len = 65;
        secp256k1_ec_pubkey_serialize(ctx, raw, &len, points[p], SECP256K1_EC_UNCOMPRESSED);
        for (int j = 0; j < 65; j++) { text[2 * j] = digits[raw[j] >> 4]; text[2 * j + 1] = digits[raw[j] & 15]; }
        SHA256_Update(&c, text, 130);
    }
    SHA256_Final(out, &c);
}

/* A proof's DLEQ {e, s, r} and its C, for the proof verification below (made in main). */
static unsigned char dleq_e[32], dleq_s[32];
static secp256k1_pubkey proof_C;

/* What Proof.verifyDLEQ does: Y = h2c(secret), B_ = Y + r·G, C_ = C + r·A, R1 = s·G − e·A, R2 = s·B_ − e·C_,
 * then e == hash_e(R1, R2, A, C_). */
static int dleq_verify_proof(void) {
    secp256k1_pubkey y, rg, b, ra = K, c, sg, ea = K, r1, sb, ec, r2;
    unsigned char neg_e[32], digest[32];
    if (!hash_to_curve((const unsigned char *)secret, 64, &y)) return 0;
    if (!secp256k1_ec_pubkey_create(ctx, &rg, r)) return 0;
    const secp256k1_pubkey *yb[2] = {&y, &rg};
    if (!secp256k1_ec_pubkey_combine(ctx, &b, yb, 2)) return 0;
    if (!secp256k1_ec_pubkey_tweak_mul(ctx, &ra, r)) return 0;
    const secp256k1_pubkey *cc[2] = {&proof_C, &ra};
    if (!secp256k1_ec_pubkey_combine(ctx, &c, cc, 2)) return 0;
    memcpy(neg_e, dleq_e, 32);
    if (!secp256k1_ec_seckey_negate(ctx, neg_e)) return 0;
    if (!secp256k1_ec_pubkey_create(ctx, &sg, dleq_s)) return 0;
    if (!secp256k1_ec_pubkey_tweak_mul(ctx, &ea, neg_e)) return 0;
    const secp256k1_pubkey *p1[2] = {&sg, &ea};
    if (!secp256k1_ec_pubkey_combine(ctx, &r1, p1, 2)) return 0;
    sb = b;
    ec = c;
    if (!secp256k1_ec_pubkey_tweak_mul(ctx, &sb, dleq_s) || !secp256k1_ec_pubkey_tweak_mul(ctx, &ec, neg_e)) return 0;
    const secp256k1_pubkey *p2[2] = {&sb, &ec};
    if (!secp256k1_ec_pubkey_combine(ctx, &r2, p2, 2)) return 0;
    const secp256k1_pubkey *points[4] = {&r1, &r2, &K, &c};
    hash_e(points, 4, digest);
    return memcmp(digest, dleq_e, 32) == 0;
}
static void op_dleq_proof(int i) { (void)i; sink += dleq_verify_proof(); }

/* The mint's side, once: C_ = k·B_, a DLEQ with nonce p, and the proof's C = C_ − r·K. */
static int make_dleq(void) {
    secp256k1_pubkey y, rg, b, c_, r1, r2, rk;
    unsigned char p[32], ek[32];
    for (int i = 0; i < 32; i++) p[i] = (unsigned char)(i * 11 + 3);
    hash_to_curve((const unsigned char *)secret, 64, &y);
    secp256k1_ec_pubkey_create(ctx, &rg, r);
    const secp256k1_pubkey *yb[2] = {&y, &rg};
    secp256k1_ec_pubkey_combine(ctx, &b, yb, 2);
    c_ = b;
    secp256k1_ec_pubkey_tweak_mul(ctx, &c_, k);
    secp256k1_ec_pubkey_create(ctx, &r1, p);
    r2 = b;
    secp256k1_ec_pubkey_tweak_mul(ctx, &r2, p);
    const secp256k1_pubkey *points[4] = {&r1, &r2, &K, &c_};
    hash_e(points, 4, dleq_e);
    memcpy(ek, k, 32);
    if (!secp256k1_ec_seckey_tweak_mul(ctx, ek, dleq_e)) return 0;  /* e·k */
    memcpy(dleq_s, p, 32);
    if (!secp256k1_ec_seckey_tweak_add(ctx, dleq_s, ek)) return 0;  /* s = p + e·k */
    rk = K;
    secp256k1_ec_pubkey_tweak_mul(ctx, &rk, r);
    secp256k1_ec_pubkey_negate(ctx, &rk);
    const secp256k1_pubkey *cr[2] = {&c_, &rk};
    return secp256k1_ec_pubkey_combine(ctx, &proof_C, cr, 2) && dleq_verify_proof();
}

static void measure(const char *name, op_fn op) {
    double per[ROUNDS];
    for (int i = 0; i < 200; i++) op(i);
    for (int round = 0; round < ROUNDS; round++) {
        double start = now_us();
        for (int i = 0; i < BATCH; i++) op(i);
        per[round] = (now_us() - start) / BATCH;
    }
    qsort(per, ROUNDS, sizeof per[0], cmp);
    printf("%-28s %8.2f\n", name, per[ROUNDS / 2]);
}

int main(void) {
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    for (int i = 0; i < 32; i++) { r[i] = (unsigned char)(i * 7 + 1); k[i] = (unsigned char)(i * 13 + 5); msg32[i] = 0x5a; }
    secp256k1_ec_pubkey_create(ctx, &K, k);
    secp256k1_ec_pubkey_create(ctx, &P, r);
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(ctx, compressed, &len, &P, SECP256K1_EC_COMPRESSED);
    hash_to_curve((const unsigned char *)secret, 64, &Y);
    C_ = Y;
    secp256k1_ec_pubkey_tweak_mul(ctx, &C_, k);
    secp256k1_keypair_create(ctx, &keypair, k);
    secp256k1_keypair_xonly_pub(ctx, &xonly, NULL, &keypair);
    secp256k1_schnorrsig_sign32(ctx, sig, msg32, &keypair, msg32);
    printf("%-28s %8s\n", "operation (libsecp256k1, C)", "median µs");
    measure("pubkey parse", op_parse);
    measure("hash_to_curve", op_h2c);
    measure("blind (Y + r·G)", op_blind);
    measure("unblind (C_ − r·K)", op_unblind);
    measure("k·P (tweak_mul)", op_mul);
    measure("Schnorr sign (keypair ready)", op_sign);
    measure("Schnorr sign (keypair + sign)", op_keypair_sign);
    measure("Schnorr verify", op_verify);
    if (!make_dleq()) { fprintf(stderr, "floor: the DLEQ made here does not verify\n"); return 1; }
    measure("DLEQ verify (proof)", op_dleq_proof);
    secp256k1_context_destroy(ctx);
    return sink == 0xdeadbeef;
}
