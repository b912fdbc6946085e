// A keyboard user's hands: every key pressed goes through here and is counted, so a journey's
// test can say how many presses it took (typing counts one press per character).

/** The focused element's test id (or its id, or its tag). */
export const focused = (page) =>
  page.evaluate(() => document.activeElement?.dataset?.testid || document.activeElement?.id || document.activeElement?.tagName);

export class Keys {
  constructor(page) {
    this.page = page;
    this.count = 0;
  }

  /** Presses one key (or chord, e.g. "Shift+Tab"). */
  async press(key) {
    this.count += 1;
    await this.page.keyboard.press(key);
  }

  /** Types `text` one key per character. */
  async type(text) {
    this.count += [...text].length;
    await this.page.keyboard.type(text);
  }

  /** Replaces a focused text box's contents: select all, then type. */
  async retype(text) {
    await this.press('ControlOrMeta+A');
    await this.type(text);
  }

  /**
   * Tabs (Shift+Tabs when `back`) until the element with `testId` has the focus; returns the
   * presses it took, and fails after `max`.
   */
  async tabTo(testId, { back = false, max = 120 } = {}) {
    for (let n = 1; n <= max; n++) {
      await this.press(back ? 'Shift+Tab' : 'Tab');
      if ((await focused(this.page)) === testId) return n;
    }
    throw new Error(`${testId} not reached in ${max} ${back ? 'Shift+Tab' : 'Tab'} presses (stuck at ${await focused(this.page)})`);
  }

  /**
   * Moves a focused, closed select to `value` with the arrows, down or up, whichever is shorter
   * (a person sees the list).
   */
  async arrowToNearest(value) {
    const [at, to] = await this.page.evaluate((v) => {
      const el = document.activeElement;
      return [el.selectedIndex, [...el.options].findIndex((o) => o.value === v)];
    }, value);
    if (to < 0) throw new Error(`no option ${value}`);
    await this.arrowTo(value, { up: to < at, max: Math.abs(to - at) + 1 });
  }

  /** Moves a focused, closed select with ArrowDown (ArrowUp when `up`) until it reads `value`. */
  async arrowTo(value, { up = false, max = 30 } = {}) {
    for (let n = 0; n < max; n++) {
      if ((await this.page.evaluate(() => document.activeElement.value)) === value) return;
      await this.press(up ? 'ArrowUp' : 'ArrowDown');
    }
    throw new Error(`the select never reached ${value}`);
  }
}

/**
 * A phone reader's hands: taps, swipes and the on-screen keyboard's keys (one a character, one to
 * select a word), each counted.
 */
export class Touch extends Keys {
  /** Taps the element with `testId`. */
  async tap(testId) {
    this.count += 1;
    await this.page.getByTestId(testId).tap();
  }

  /**
   * Swipes down the page, three quarters of a screen a swipe, until the element with `testId` is
   * wholly on screen below the sticky strip; returns the swipes it took.
   */
  async swipeTo(testId, max = 20) {
    for (let n = 0; n <= max; n++) {
      const inView = await this.page.getByTestId(testId).evaluate((el) => {
        const r = el.getBoundingClientRect();
        const strip = document.querySelector('nav.toc')?.getBoundingClientRect().bottom ?? 0;
        return r.top >= strip && r.bottom <= innerHeight;
      });
      if (inView) return n;
      this.count += 1;
      await this.page.evaluate(() => scrollBy(0, innerHeight * 0.75));
      await this.page.waitForTimeout(50);
    }
    throw new Error(`${testId} not on screen after ${max} swipes`);
  }

  /** Picks `value` in the select with `testId`: a tap opens the picker, a tap picks the option. */
  async choose(testId, value) {
    this.count += 2;
    await this.page.getByTestId(testId).selectOption(value);
  }

  /** Back to the top of the page in one flick (or a tap on the phone's status bar). */
  async toTop() {
    this.count += 1;
    await this.page.evaluate(() => scrollTo(0, 0));
  }
}
