// Issue 43: training at scale as a distributed-training engineer knows it, through the page. A
// mixture of experts' comparison columns become dense jobs of their own size and cost in the plan
// what the column said; the batch is a field of the job, in its link, and a step with fewer
// sequences than GPUs says which parallelism the figures assume; a provider's largest job and its
// spot capacity show in the answers. Expected figures are worked in the comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const { open, done } = pageSuite({ waitFor: 'total-cost' });
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));

test('each comparison column added from a mixture-of-experts job is a dense job of its own size, billed what the column said', async () => {
  // The research lead's job: 16B active of 100B on 256 H100 at CoreWeave. Before, "Add to plan as a
  // job" on the 7B pretraining column copied the open job's 100B total: a "7B/100B" job at $778K
  // against the column's $363K.
  const calc = await open('?t0=2026-12-06&job=pretrain:16B/100B:1T:coreweave:h100-sxm:256&cmp=pretrain:7B:1T&cmp=continued:8B:50B&cmp=lora:8B:200M:1:10');
  const { page } = calc;
  const tokens = ['pretrain:7B:1T:', 'continued:8B:50B:', 'lora:8B:200M:'];
  for (const [i, start] of tokens.entries()) {
    // The open job is still the mixture (the plan's first job) when each column is read.
    await (await calc.reveal(page.getByTestId(`edit-job-0`))).click();
    const cost = await calc.value(`compare-cost-${i}`);
    const hours = await calc.value(`compare-gpu-hours-${i}`);
    await (await calc.reveal(page.getByTestId(`cmp-${i}-to-plan`))).click();
    await calc.waitForUrl((p) => p.getAll('job').length === i + 2);
    const job = new URL(page.url()).searchParams.getAll('job')[i + 1];
    assert.ok(job.startsWith(start), `${job} starts with ${start}`);
    assert.doesNotMatch(job.split(':')[1], /\//, 'a column is a dense model');
    // The plan bills it what the column showed: communication and failures in both.
    await page.getByTestId(`job-cost-${i + 1}`).waitFor();
    assert.ok(near(await calc.value(`job-cost-${i + 1}`), cost, 1e-9), `job ${i + 2}: ${await calc.value(`job-cost-${i + 1}`)} against ${cost}`);
    assert.ok(near(await calc.value(`job-gpu-hours-${i + 1}`), hours, 1e-9));
  }
  await done(calc);
});

test('the batch is the job\'s: a 1M-token step on 2,048 H100 takes tensor and pipeline parallelism, and the answers say so', async () => {
  const calc = await open('?t0=2026-12-06&job=pretrain:7B:2T:aws:h100-sxm:2048');
  const { page } = calc;
  // The default: one 4,096-token sequence a GPU, 2,048 x 4,096 = 8.4M tokens (above Llama 2's 4M).
  const box = await calc.reveal(page.getByTestId('input-batch_tokens'));
  assert.equal(await box.inputValue(), '');
  assert.equal(await box.getAttribute('placeholder'), 'auto (8.4M)');
  assert.equal(await page.locator('[data-testid^="warning-"]', { hasText: 'optimizer step' }).count(), 0);
  // 1M tokens = 244 whole sequences: 2,048 / 244 → 9 GPUs a sequence: 8-way tensor parallelism in
  // the node and 2 pipeline stages, 128 data-parallel ranks, 1.9 micro-batches: bubble 52.4 %.
  await calc.type('batch_tokens', '1M');
  // The batch is the token's 15th field; the LoRA rank and sequence length before it, at their
  // defaults, are left empty.
  await calc.waitForUrl((p) => p.getAll('job')[0] === 'pretrain:7B:2T:aws:h100-sxm:2048:0:1:1:0.4:1::::1M');
  const warning = page.getByText(/an optimizer step of 1M tokens holds 244 sequences/);
  await warning.first().waitFor();
  assert.match(await warning.first().innerText(), /8-way tensor parallelism inside each node and 2 pipeline stages across nodes \(their bubble adds 52\.43% to compute\).*A batch of 8,388,608 tokens/);
  // The bubble is billed: η at most 1 / (1 + 0.524).
  assert.ok(await calc.value('scaling-efficiency') <= 1 / (1 + 128 * 4096 / 1e6) + 1e-9);
  // Back to auto: the link loses the field (the always-written start, epochs, runs, MFU and duty
  // stay).
  await calc.type('batch_tokens', 'auto');
  await calc.waitForUrl((p) => p.getAll('job')[0] === 'pretrain:7B:2T:aws:h100-sxm:2048:0:1:1:0.4:1');
  await done(calc);
});

test('a job larger than the provider rents, and spot beyond its capacity, are said in the answers', async () => {
  // Modal's clusters stop at 256 H100 (32 nodes of 8); AWS's spot capacity is about 16 GPUs
  // (estimate): 64 on spot is beyond it.
  const calc = await open('?t0=2026-12-06&job=pretrain:7B:2T:modal:h100-sxm:512&job=pretrain:7B:200B:aws:h100-sxm:64&spot=1');
  const { page } = calc;
  await page.getByText('Job 1: Modal rents at most 256 NVIDIA H100 SXM in one job, and this job asks for 512.').first().waitFor();
  await page.getByText(/Job 2: 64 spot GPUs at once is unlikely at Amazon Web Services, where about 16 can be held \(estimate\)/).first().waitFor();
  await done(calc);
});
